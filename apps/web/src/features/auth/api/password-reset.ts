import { AUTH_ENDPOINTS } from '@bubuh/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';

/** Always the same answer, whether or not the address has an account. */
export const forgotPassword = async (input: { email: string }) =>
  callEndpoint(AUTH_ENDPOINTS.forgotPassword, { body: input });

export type TResetPasswordInput = {
  token: string;
  password: string;
  passwordConfirmation: string;
};

export const resetPassword = async ({ token, ...body }: TResetPasswordInput) =>
  callEndpoint(AUTH_ENDPOINTS.resetPassword, { params: { id: token }, body });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
