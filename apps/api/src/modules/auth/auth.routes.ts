import {
  ZForgotPasswordRequest,
  ZLoginOtpRequest,
  ZLoginRequest,
  ZLoginResponse,
  ZLogoutRequest,
  ZMessageResponse,
  ZOtpResendRequest,
  ZOtpResendResponse,
  ZOtpVerifyRequest,
  ZRefreshRequest,
  ZRefreshResponse,
  ZRegisterRequest,
  ZRegisterResponse,
  ZResetPasswordRequest,
  ZSessionResponse,
} from '@bubuh/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf } from '../../lib/messages.ts';
import type { TMailLanguage } from '../mail/mail-templates.ts';
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
const limit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export const authRoutes: FastifyPluginAsyncZod<TOptions> = async (app, { auth, rateLimits }) => {
  app.post(
    '/api/register',
    {
      config: limit(rateLimits.otpPerMinute),
      schema: {
        tags: ['auth'],
        summary: 'Register a personal or company account; sends a 6-digit e-mail OTP',
        body: ZRegisterRequest,
        response: { 201: ZRegisterResponse },
      },
    },
    async (request, reply) => {
      const data = await auth.register(
        request.body,
        mailLanguageOf(request, request.body.language),
      );
      return reply
        .status(201)
        .send({ message: 'Registration received. Enter the code we e-mailed you.', data });
    },
  );

  app.post(
    '/api/v1/auth/otp/verify',
    {
      config: limit(rateLimits.otpPerMinute),
      schema: {
        tags: ['auth'],
        summary: 'Verify the register OTP',
        body: ZOtpVerifyRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await auth.verifyRegisterOtp(request.body.email, request.body.otp);
      return { message: 'E-mail verified. You can sign in now.' };
    },
  );

  app.post(
    '/api/v1/auth/otp/resend',
    {
      config: limit(rateLimits.otpPerMinute),
      schema: {
        tags: ['auth'],
        summary: 'Send a new register OTP (cool-down applies)',
        body: ZOtpResendRequest,
        response: { 200: ZOtpResendResponse },
      },
    },
    async (request) => ({
      message: 'If the address is waiting for a code, a new one is on its way.',
      data: await auth.resendRegisterOtp(request.body.email),
    }),
  );

  app.post(
    '/api/v1/auth/login',
    {
      config: limit(rateLimits.loginPerMinute),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: ZLoginRequest,
        response: { 200: ZLoginResponse },
      },
    },
    async (request) => {
      const result = await auth.login(request.body.email, request.body.password, meta(request));
      return {
        message: 'otpRequired' in result ? 'Enter the code we e-mailed you' : 'Login success',
        data: result,
      };
    },
  );

  app.post(
    '/api/v1/auth/login/otp',
    {
      config: limit(rateLimits.otpPerMinute),
      schema: {
        tags: ['auth'],
        summary: 'Finish a sign-in that needs the e-mail OTP',
        body: ZLoginOtpRequest,
        response: { 200: ZSessionResponse },
      },
    },
    async (request) => ({
      message: 'Login success',
      data: await auth.verifyLoginOtp(request.body.otpToken, request.body.otp, meta(request)),
    }),
  );

  app.post(
    '/api/v1/auth/refresh',
    {
      config: limit(rateLimits.loginPerMinute * 6),
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token',
        body: ZRefreshRequest,
        response: { 200: ZRefreshResponse },
      },
    },
    async (request) => ({ message: 'OK', data: await auth.refresh(request.body.refreshToken) }),
  );

  app.post(
    '/api/v1/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session (bearer token and/or refresh token)',
        body: ZLogoutRequest.optional(),
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      let sessionId: string | null = null;
      try {
        sessionId = (await request.jwtVerify<{ sid: string }>({ ignoreExpiration: true })).sid;
      } catch {
        sessionId = null;
      }
      await auth.logout(sessionId, request.body?.refreshToken);
      return { message: 'Logged out' };
    },
  );

  app.post(
    '/api/v1/auth/forgot-password',
    {
      config: limit(rateLimits.resetPerMinute),
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password-reset link (same answer for every address)',
        body: ZForgotPasswordRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => ({ message: await auth.forgotPassword(request.body.email) }),
  );

  app.post(
    '/api/v1/auth/reset-password/:id',
    {
      config: limit(rateLimits.resetPerMinute),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the single-use token from the e-mail',
        params: z.object({ id: z.string().min(16).max(200) }),
        body: ZResetPasswordRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await auth.resetPassword(request.params.id, request.body.password);
      return { message: 'Password changed. Sign in with your new password.' };
    },
  );
};
