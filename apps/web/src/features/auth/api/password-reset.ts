import { ZMessageResponse } from '@bubuh/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const FORGOT_PASSWORD_ENDPOINT = '/api/v1/auth/forgot-password';
export const resetPasswordEndpoint = (token: string) =>
  `/api/v1/auth/reset-password/${encodeURIComponent(token)}`;

/** Always the same answer, whether or not the address has an account. */
export const forgotPassword = async (input: { email: string }) =>
  ZMessageResponse.parse(
    await api.post<unknown>(FORGOT_PASSWORD_ENDPOINT, input, { anonymous: true }),
  );

export type TResetPasswordInput = {
  token: string;
  password: string;
  passwordConfirmation: string;
};

export const resetPassword = async ({ token, ...body }: TResetPasswordInput) =>
  ZMessageResponse.parse(
    await api.post<unknown>(resetPasswordEndpoint(token), body, { anonymous: true }),
  );

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
