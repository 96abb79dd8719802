import {
  type TUserProfile,
  ZAvatarResponse,
  ZMessageResponse,
  ZUserProfileResponse,
} from '@bubuh/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getSession, updateSessionUser } from '@/lib/session';

export const userPath = (id: number) => `/api/v1/users/${id}`;

/** PNG, JPEG or WebP up to 2 MB, as the API accepts (it checks the bytes itself). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export const profileQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['users', id, 'profile'],
    queryFn: async ({ signal }): Promise<TUserProfile> =>
      ZUserProfileResponse.parse(await api.get<unknown>(userPath(id), { signal })).data,
    enabled: Number.isInteger(id) && id > 0,
  });

export const useProfile = (id: number) => useQuery(profileQueryOptions(id));

/** Keeps the stored userData in step with the profile, so the navbar shows changes at once. */
const syncSessionUser = (id: number, patch: { fullName?: string; avatar?: string | null }) => {
  if (getSession()?.userData.id === id) updateSessionUser(patch);
};

export type TProfileUpdate = { fullName?: string; phoneNumber?: string };

export const useUpdateProfile = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TProfileUpdate) => {
      const answer = ZUserProfileResponse.safeParse(await api.patch<unknown>(userPath(id), body));
      return answer.success ? answer.data.data : null;
    },
    onSuccess: (profile) => {
      if (!profile) {
        void queryClient.invalidateQueries({ queryKey: profileQueryOptions(id).queryKey });
        return;
      }
      queryClient.setQueryData(profileQueryOptions(id).queryKey, profile);
      syncSessionUser(id, { fullName: profile.fullName, avatar: profile.avatar });
    },
  });
};

export const useUploadAvatar = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('avatar', file);
      return ZAvatarResponse.parse(await api.post<unknown>(`${userPath(id)}/avatar`, body)).data
        .avatar;
    },
    onSuccess: (avatar) => {
      queryClient.setQueryData(profileQueryOptions(id).queryKey, (old: TUserProfile | undefined) =>
        old ? { ...old, avatar } : old,
      );
      syncSessionUser(id, { avatar });
    },
  });
};

export type TChangePassword = { currentPassword: string; newPassword: string };

/** Other sessions of the user end on the server; this one stays signed in. */
export const useChangePassword = (id: number) =>
  useMutation({
    mutationFn: async (body: TChangePassword) =>
      ZMessageResponse.parse(await api.post<unknown>(`${userPath(id)}/password`, body)),
  });

export const useSecuritySettings = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { loginOtpEnabled: boolean }) =>
      ZUserProfileResponse.parse(await api.patch<unknown>(`${userPath(id)}/security`, body)).data,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions(id).queryKey, profile);
    },
  });
};
