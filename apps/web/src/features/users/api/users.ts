import {
  DEPARTEMENT_ENDPOINTS,
  type TCompanyUserSortKey,
  type TPersonalUserSortKey,
  USER_ENDPOINTS,
} from '@bubuh/contracts';
import {
  callEndpoint,
  endpointKey,
  endpointScope,
  useEndpointQuery,
  useInvalidatingMutation,
  useListQuery,
} from '@/lib/endpoint';
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
  useListQuery(USER_ENDPOINTS.companyUsers, { query });

export const usePersonalUsers = (query: TListQuery<TPersonalUserSortKey>) =>
  useListQuery(USER_ENDPOINTS.personalUsers, { query });

// Department user counts change with users.
const INVALIDATES = [USERS_KEY, endpointScope(DEPARTEMENT_ENDPOINTS.list)];

/** POST /users (invitation mail) or PATCH /users/{id} (name, phone, role, department). */
export const useSaveUser = () =>
  useInvalidatingMutation(({ id, input }: { id?: number; input: TUserInput }) => {
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
  }, INVALIDATES);

export const useDeleteUser = () =>
  useInvalidatingMutation(
    (id: number) => callEndpoint(USER_ENDPOINTS.remove, { params: { id } }),
    INVALIDATES,
  );

// --- child users of the subscription -----------------------------------------------------

export const CHILD_USERS_KEY = endpointKey(USER_ENDPOINTS.children);

export const useChildUsers = (enabled = true) =>
  useEndpointQuery(USER_ENDPOINTS.children, {}, { select: (body) => body.data, enabled });

export const useAddChildUser = () =>
  useInvalidatingMutation(
    (input: { fullName: string; email: string }) =>
      callEndpoint(USER_ENDPOINTS.addChild, {
        body: { fullName: input.fullName.trim(), email: input.email.trim() },
      }),
    [CHILD_USERS_KEY],
  );

export const useRemoveChildUser = () =>
  useInvalidatingMutation(
    (id: number) => callEndpoint(USER_ENDPOINTS.removeChild, { params: { id } }),
    [CHILD_USERS_KEY],
  );
