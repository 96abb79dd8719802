import { AUTH_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataRoute, endpointRoute } from '../../lib/endpoint-route.ts';
import { languageOf } from '../../lib/messages.ts';
import type { TMailLanguage } from '../mail/index.ts';
import type { TAuthService } from './auth.service.ts';

export type TRateLimits = { loginPerMinute: number; otpPerMinute: number; resetPerMinute: number };

type TOptions = { auth: TAuthService; rateLimits: TRateLimits };

const meta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

const mailLanguageOf = (request: FastifyRequest, explicit?: string): TMailLanguage => {
  if (explicit === 'id' || explicit === 'en') return explicit;
  return languageOf(request.headers['accept-language']);
};

/** Per-IP limits on the sensitive routes; per-account limits live in the service (lockout, OTP tries). */
const limit = (max: number): { config: FastifyContextConfig } => ({
  config: { rateLimit: { max, timeWindow: '1 minute' } },
});

export const authRoutes: FastifyPluginAsyncZod<TOptions> = async (app, { auth, rateLimits }) => {
  const otp = limit(rateLimits.otpPerMinute);
  const reset = limit(rateLimits.resetPerMinute);

  dataRoute(
    app,
    E.register,
    'Registration received. Enter the code we e-mailed you.',
    ({ body, request }) => auth.register(body, mailLanguageOf(request, body.language)),
    otp,
  );

  endpointRoute(
    app,
    E.verifyOtp,
    async ({ body }) => {
      await auth.verifyRegisterOtp(body.email, body.otp);
      return { message: 'E-mail verified. You can sign in now.' };
    },
    otp,
  );

  dataRoute(
    app,
    E.resendOtp,
    'If the address is waiting for a code, a new one is on its way.',
    ({ body }) => auth.resendRegisterOtp(body.email),
    otp,
  );

  endpointRoute(
    app,
    E.login,
    async ({ body, request }) => {
      const result = await auth.login(body.email, body.password, meta(request));
      return {
        message: 'otpRequired' in result ? 'Enter the code we e-mailed you' : 'Login success',
        data: result,
      };
    },
    limit(rateLimits.loginPerMinute),
  );

  dataRoute(
    app,
    E.loginOtp,
    'Login success',
    ({ body, request }) => auth.verifyLoginOtp(body.otpToken, body.otp, meta(request)),
    otp,
  );

  dataRoute(
    app,
    E.refresh,
    'OK',
    ({ body }) => auth.refresh(body.refreshToken),
    limit(rateLimits.loginPerMinute * 6),
  );

  endpointRoute(app, E.logout, async ({ body, request }) => {
    let sessionId: string | null = null;
    try {
      sessionId = (await request.jwtVerify<{ sid: string }>({ ignoreExpiration: true })).sid;
    } catch {
      sessionId = null;
    }
    await auth.logout(sessionId, body?.refreshToken);
    return { message: 'Logged out' };
  });

  endpointRoute(
    app,
    E.forgotPassword,
    async ({ body }) => ({ message: await auth.forgotPassword(body.email) }),
    reset,
  );

  endpointRoute(
    app,
    E.resetPassword,
    async ({ params, body }) => {
      await auth.resetPassword(params.id, body.password);
      return { message: 'Password changed. Sign in with your new password.' };
    },
    reset,
  );
};
