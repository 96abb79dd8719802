import {
  endpointPath,
  LOCKER_ENDPOINTS,
  type TLockerItem,
  type TLockerSort,
  type TLockerSpace,
} from '@bubuh/contracts';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { callEndpoint, endpointScope, useEndpointMutation, useEndpointQuery } from '@/lib/endpoint';
import { getAccessToken } from '@/lib/session';

export type TLockerView = {
  space: TLockerSpace;
  folderId: number | null;
  search: string;
  sort: TLockerSort;
  order: 'asc' | 'desc';
};

/** The items of the open folder (or the space's root), or the search results below it. */
export const useLockerListing = (view: TLockerView) => {
  const query = {
    sort: view.sort,
    order: view.order,
    ...(view.search.trim() ? { search: view.search.trim() } : {}),
  };
  const root = useEndpointQuery(
    LOCKER_ENDPOINTS.list,
    { query: { ...query, space: view.space } },
    {
      select: (body) => body.data,
      placeholderData: keepPreviousData,
      enabled: view.folderId === null,
    },
  );
  const folder = useEndpointQuery(
    LOCKER_ENDPOINTS.folder,
    { params: { file_manager_id: view.folderId ?? 0 }, query },
    {
      select: (body) => body.data,
      placeholderData: keepPreviousData,
      enabled: view.folderId !== null,
    },
  );
  return view.folderId === null ? root : folder;
};

/** Every folder of a space with its path (move targets, the picker). */
export const useLockerFolders = (space: TLockerSpace, enabled = true) =>
  useEndpointQuery(
    LOCKER_ENDPOINTS.list,
    { query: { dropdown: true, space } },
    { select: (body) => body.data.items, enabled },
  );

export const useStorageUse = () =>
  useEndpointQuery(LOCKER_ENDPOINTS.storageUse, {}, { select: (body) => body.data });

export const useLockerTrash = (enabled: boolean) =>
  useEndpointQuery(LOCKER_ENDPOINTS.trash, {}, { select: (body) => body.data, enabled });

export const useCreateFolder = () => useEndpointMutation(LOCKER_ENDPOINTS.createFolder);
export const useRenameItem = () => useEndpointMutation(LOCKER_ENDPOINTS.rename);
export const useMoveItems = () => useEndpointMutation(LOCKER_ENDPOINTS.move);
export const useRestoreItem = () => useEndpointMutation(LOCKER_ENDPOINTS.restore);
export const usePurgeItems = () => useEndpointMutation(LOCKER_ENDPOINTS.purge);
/** The folder where the user's stamped and signed documents are filed. */
export const useFilingFolder = () =>
  useEndpointQuery(LOCKER_ENDPOINTS.filingFolder, {}, { select: (body) => body.data });
export const useSetFilingFolder = () => useEndpointMutation(LOCKER_ENDPOINTS.setFilingFolder);
/** A locker PDF as a new draft document (then stamped in the draft editor). */
export const useLockerToDocument = () =>
  useEndpointMutation(LOCKER_ENDPOINTS.toDocument, { invalidates: [] });

/** Deletes (to the trash) several items one after the other; the last answer's message. */
export const useDeleteItems = () => {
  const client = useQueryClient();
  return {
    run: async (ids: number[]) => {
      let message = '';
      try {
        for (const id of ids) {
          message = (
            await callEndpoint(LOCKER_ENDPOINTS.remove, { params: { file_manager_id: id } })
          ).message;
        }
      } finally {
        await client.invalidateQueries({ queryKey: endpointScope(LOCKER_ENDPOINTS.list) });
      }
      return message;
    },
  };
};

export const useInvalidateLocker = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: endpointScope(LOCKER_ENDPOINTS.list) });
};

/**
 * Uploads one file with its progress (0..1). XMLHttpRequest reports upload progress, fetch does
 * not; a 401 (expired token) is sent once more through the api client, which refreshes it.
 */
export const uploadLockerFile = (
  file: File,
  target: { space: TLockerSpace; parentId: number | null },
  onProgress: (fraction: number) => void,
): Promise<TLockerItem> => {
  const form = () => {
    const data = new FormData();
    data.append('space', target.space);
    if (target.parentId !== null) data.append('parent_id', String(target.parentId));
    data.append('file', file, file.name);
    return data;
  };
  const schema = LOCKER_ENDPOINTS.upload.response[201];
  return new Promise<TLockerItem>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', endpointPath(LOCKER_ENDPOINTS.upload));
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.onload = () => {
      if (xhr.status === 401) {
        callEndpoint(LOCKER_ENDPOINTS.upload, { body: form() }).then(
          (body) => resolve(body.data),
          reject,
        );
        return;
      }
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      const parsed = schema.safeParse(body);
      if (xhr.status === 201 && parsed.success) {
        onProgress(1);
        resolve(parsed.data.data);
        return;
      }
      const message =
        body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
          ? body.message
          : `HTTP ${xhr.status}`;
      reject(new Error(message));
    };
    xhr.send(form());
  });
};

/** A stored file's bytes (preview and download). */
export const fetchLockerFile = async (id: number) => {
  const response = await request<Response>(
    endpointPath(LOCKER_ENDPOINTS.download, { file_manager_id: id }),
    { raw: true, query: { inline: 'true' } },
  );
  return response.blob();
};

/** A folder as a ZIP. */
export const fetchFolderZip = async (id: number) => {
  const response = await request<Response>(
    endpointPath(LOCKER_ENDPOINTS.zip, { file_manager_id: id }),
    { raw: true },
  );
  return response.blob();
};
