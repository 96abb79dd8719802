import {
  type TRegisterRequest,
  ZMessageResponse,
  ZOtpResendResponse,
  ZRegisterResponse,
} from '@bubuh/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const REGISTER_ENDPOINT = '/api/register';
export const OTP_VERIFY_ENDPOINT = '/api/v1/auth/otp/verify';
export const OTP_RESEND_ENDPOINT = '/api/v1/auth/otp/resend';

/** POST /api/register: creates the account and e-mails a 6-digit code (spec §3 draft). */
export const register = async (draft: TRegisterRequest) =>
  ZRegisterResponse.parse(
    await api.post<unknown>(REGISTER_ENDPOINT, draft, {
      anonymous: true,
      headers: draft.language ? { 'Accept-Language': draft.language } : {},
    }),
  ).data;

export const verifyEmailOtp = async (input: { email: string; otp: string }) =>
  ZMessageResponse.parse(await api.post<unknown>(OTP_VERIFY_ENDPOINT, input, { anonymous: true }));

export const resendEmailOtp = async (input: { email: string }) =>
  ZOtpResendResponse.parse(await api.post<unknown>(OTP_RESEND_ENDPOINT, input, { anonymous: true }))
    .data;

export const useRegister = () => useMutation({ mutationFn: register });
export const useVerifyEmailOtp = () => useMutation({ mutationFn: verifyEmailOtp });
export const useResendEmailOtp = () => useMutation({ mutationFn: resendEmailOtp });
