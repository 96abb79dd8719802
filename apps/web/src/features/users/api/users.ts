import {
  DEPARTEMENT_ENDPOINTS,
  type TCompanyUserSortKey,
  type TPersonalUserSortKey,
  USER_ENDPOINTS,
} from '@bubuh/contracts';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointScope, useEndpointQuery } from '@/lib/endpoint';
import type { TListQuery } from '@/lib/use-list-state';

export type TAssignableRole = 'user' | 'admin-company' | 'admin';

export type TUserInput = {
  fullName: string;
  email: string;
  phoneNumber: string;
  role: TAssignableRole;
  departement_id: number | null;
};

export const USERS_KEY = endpointScope(USER_ENDPOINTS.companyUsers);

export const useCompanyUsers = (query: TListQuery<TCompanyUserSortKey>) =>
  useEndpointQuery(
    USER_ENDPOINTS.companyUsers,
    { query },
    { select: (body) => body.data, placeholderData: keepPreviousData },
  );

export const usePersonalUsers = (query: TListQuery<TPersonalUserSortKey>) =>
  useEndpointQuery(
    USER_ENDPOINTS.personalUsers,
    { query },
    { select: (body) => body.data, placeholderData: keepPreviousData },
  );

const useInvalidate = () => {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: USERS_KEY }),
      // Department user counts change with users.
      client.invalidateQueries({ queryKey: endpointScope(DEPARTEMENT_ENDPOINTS.list) }),
    ]);
};

/** POST /users (invitation mail) or PATCH /users/{id} (name, phone, role, department). */
export const useSaveUser = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: TUserInput }) => {
      const departement_id = input.role === 'user' ? input.departement_id : null;
      const phone = input.phoneNumber.trim() ? { phoneNumber: input.phoneNumber.trim() } : {};
      if (id === undefined) {
        return callEndpoint(USER_ENDPOINTS.create, {
          body: {
            fullName: input.fullName.trim(),
            email: input.email.trim(),
            ...phone,
            role: input.role,
            departement_id,
          },
        });
      }
      return callEndpoint(USER_ENDPOINTS.update, {
        params: { id },
        body: { fullName: input.fullName.trim(), ...phone, role: input.role, departement_id },
      });
    },
    onSuccess: () => invalidate(),
  });
};

export const useDeleteUser = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(USER_ENDPOINTS.remove, { params: { id } }),
    onSuccess: () => invalidate(),
  });
};

// --- child users of the subscription -----------------------------------------------------

export const CHILD_USERS_KEY = endpointKey(USER_ENDPOINTS.children);

export const useChildUsers = (enabled = true) =>
  useEndpointQuery(USER_ENDPOINTS.children, {}, { select: (body) => body.data, enabled });

export const useAddChildUser = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { fullName: string; email: string }) =>
      callEndpoint(USER_ENDPOINTS.addChild, {
        body: { fullName: input.fullName.trim(), email: input.email.trim() },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: CHILD_USERS_KEY }),
  });
};

export const useRemoveChildUser = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(USER_ENDPOINTS.removeChild, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: CHILD_USERS_KEY }),
  });
};
