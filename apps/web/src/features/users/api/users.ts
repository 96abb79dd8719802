import type {
  TCompanyUser,
  TCompanyUserSortKey,
  TPageMeta,
  TPersonalUserSortKey,
  TUserRemovalResponse,
} from '@bubuh/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TListQuery } from '@/lib/use-list-state';

type TPagedUsers = { message: string; data: { data: TCompanyUser[]; meta: TPageMeta } };
type TUserAnswer = { message: string; data: TCompanyUser };

export type TAssignableRole = 'user' | 'admin-company' | 'admin';

export type TUserInput = {
  fullName: string;
  email: string;
  phoneNumber: string;
  role: TAssignableRole;
  departement_id: number | null;
};

export const USERS_KEY = ['users'] as const;

export const useCompanyUsers = (query: TListQuery<TCompanyUserSortKey>) =>
  useQuery({
    queryKey: [...USERS_KEY, 'company', query],
    queryFn: ({ signal }) => api.get<TPagedUsers>('/api/v1/users/user-company', { query, signal }),
    select: (body) => body.data,
    placeholderData: keepPreviousData,
  });

export const usePersonalUsers = (query: TListQuery<TPersonalUserSortKey>) =>
  useQuery({
    queryKey: [...USERS_KEY, 'personal', query],
    queryFn: ({ signal }) => api.get<TPagedUsers>('/api/v1/users/personal-user', { query, signal }),
    select: (body) => body.data,
    placeholderData: keepPreviousData,
  });

const useInvalidate = () => {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: USERS_KEY }),
      // Department user counts change with users.
      client.invalidateQueries({ queryKey: ['departements'] }),
    ]);
};

/** POST /users (invitation mail) or PATCH /users/{id} (name, phone, role, department). */
export const useSaveUser = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: TUserInput }) => {
      const departement_id = input.role === 'user' ? input.departement_id : null;
      if (id === undefined) {
        return api.post<TUserAnswer>('/api/v1/users', {
          fullName: input.fullName.trim(),
          email: input.email.trim(),
          ...(input.phoneNumber.trim() ? { phoneNumber: input.phoneNumber.trim() } : {}),
          role: input.role,
          departement_id,
        });
      }
      return api.patch<TUserAnswer>(`/api/v1/users/${id}`, {
        fullName: input.fullName.trim(),
        ...(input.phoneNumber.trim() ? { phoneNumber: input.phoneNumber.trim() } : {}),
        role: input.role,
        departement_id,
      });
    },
    onSuccess: () => invalidate(),
  });
};

export const useDeleteUser = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete<TUserRemovalResponse>(`/api/v1/users/${id}`),
    onSuccess: () => invalidate(),
  });
};

// --- child users of the subscription -----------------------------------------------------

type TChildUsers = { message: string; data: { data: TCompanyUser[]; limit: number; used: number } };

export const CHILD_USERS_KEY = [...USERS_KEY, 'children'] as const;

export const useChildUsers = (enabled = true) =>
  useQuery({
    queryKey: CHILD_USERS_KEY,
    queryFn: ({ signal }) => api.get<TChildUsers>('/api/v1/users/child-user-sub', { signal }),
    select: (body) => body.data,
    enabled,
  });

export const useAddChildUser = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { fullName: string; email: string }) =>
      api.post<TUserAnswer>('/api/v1/users/child-user-subs', {
        fullName: input.fullName.trim(),
        email: input.email.trim(),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: CHILD_USERS_KEY }),
  });
};

export const useRemoveChildUser = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete<{ message: string }>(`/api/v1/users/child-user-sub/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: CHILD_USERS_KEY }),
  });
};
