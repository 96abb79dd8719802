import { type TUserProfile, USER_ENDPOINTS, ZUserProfileResponse } from '@bubuh/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '@/lib/endpoint';
import { getSession, updateSessionUser } from '@/lib/session';

/** PNG, JPEG or WebP up to 2 MB, as the API accepts (it checks the bytes itself). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export const profileQueryOptions = (id: number) =>
  queryOptions({
    queryKey: endpointKey(USER_ENDPOINTS.get, { params: { id } }),
    queryFn: async ({ signal }): Promise<TUserProfile> =>
      (await callEndpoint(USER_ENDPOINTS.get, { params: { id }, signal })).data,
    enabled: Number.isInteger(id) && id > 0,
  });

export const useProfile = (id: number) => useQuery(profileQueryOptions(id));

/** Keeps the stored userData in step with the profile, so the navbar shows changes at once. */
const syncSessionUser = (id: number, patch: { fullName?: string; avatar?: string | null }) => {
  if (getSession()?.userData.id === id) updateSessionUser(patch);
};

export type TProfileUpdate = { fullName?: string; phoneNumber?: string };

/** The props of the account page's parts: the profile and whether it is the caller's own. */
export type TProfileProps = { profile: TUserProfile; editable: boolean };

export const useUpdateProfile = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TProfileUpdate) => {
      // Own profile answers with the profile; an admin's edit of a user with the company row.
      const answer = ZUserProfileResponse.safeParse(
        await callEndpoint(USER_ENDPOINTS.update, { params: { id }, body }),
      );
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
      return (await callEndpoint(USER_ENDPOINTS.avatar, { params: { id }, body })).data.avatar;
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
      callEndpoint(USER_ENDPOINTS.changePassword, { params: { id }, body }),
  });

export const useSecuritySettings = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { loginOtpEnabled: boolean }) =>
      (await callEndpoint(USER_ENDPOINTS.security, { params: { id }, body })).data,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions(id).queryKey, profile);
    },
  });
};
