import { AUTH_ENDPOINTS, type TRegisterRequest } from '@bubuh/contracts';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';

/** POST /api/register: creates the account and e-mails a 6-digit code (spec §3 draft). */
export const register = async (draft: TRegisterRequest) =>
  (
    await callEndpoint(AUTH_ENDPOINTS.register, {
      body: draft,
      headers: draft.language ? { 'Accept-Language': draft.language } : {},
    })
  ).data;

export const verifyEmailOtp = async (input: { email: string; otp: string }) =>
  callEndpoint(AUTH_ENDPOINTS.verifyOtp, { body: input });

export const resendEmailOtp = async (input: { email: string }) =>
  (await callEndpoint(AUTH_ENDPOINTS.resendOtp, { body: input })).data;

export const useRegister = () => useMutation({ mutationFn: register });
export const useVerifyEmailOtp = () => useMutation({ mutationFn: verifyEmailOtp });
export const useResendEmailOtp = () => useMutation({ mutationFn: resendEmailOtp });
