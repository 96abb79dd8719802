import type { TLoginResponse, TSession } from '@bubuh/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { setSession } from '@/lib/session';
import { loadWire } from '@/lib/wire-loader';

export type TLoginInput = { email: string; password: string };
export type TLoginOtpInput = { otpToken: string; otp: string };

/** `data` of the login answer: a session, or the e-mail OTP challenge when login-OTP is on. */
export type TLoginResult = TLoginResponse['data'];

export const isOtpChallenge = (
  data: TLoginResult,
): data is Extract<TLoginResult, { otpRequired: true }> => 'otpRequired' in data;

// The auth entries come with the wire schemas (zod), loaded on the first submit: /login draws
// without them, and the session they answer is then readable (`lib/session.ts`).
export const login = async (input: TLoginInput): Promise<TLoginResult> => {
  const { AUTH_ENDPOINTS } = await loadWire();
  return (await callEndpoint(AUTH_ENDPOINTS.login, { body: input })).data;
};

export const verifyLoginOtp = async (input: TLoginOtpInput): Promise<TSession> => {
  const { AUTH_ENDPOINTS } = await loadWire();
  return (await callEndpoint(AUTH_ENDPOINTS.loginOtp, { body: input })).data;
};

/** Starts a new session: the cached data of whoever was here before goes. */
const useStoreSession = () => {
  const queryClient = useQueryClient();
  return (session: TSession) => {
    queryClient.removeQueries();
    setSession(session);
  };
};

/** Logs in; stores the session unless the server asks for the e-mail OTP first. */
export const useLogin = () => {
  const store = useStoreSession();
  return useMutation({
    mutationFn: login,
    onSuccess: (data) => {
      if (!isOtpChallenge(data)) store(data);
    },
  });
};

/** Finishes a login that needed the e-mail OTP, and stores the session. */
export const useVerifyLoginOtp = () => {
  const store = useStoreSession();
  return useMutation({ mutationFn: verifyLoginOtp, onSuccess: store });
};
