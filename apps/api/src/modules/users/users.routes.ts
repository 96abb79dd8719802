import {
  ZAdminUpdateUserRequest,
  ZAvatarResponse,
  ZChangePasswordRequest,
  ZChildUserList,
  ZChildUserRequest,
  ZCompanyUserList,
  ZCompanyUserQuery,
  ZCompanyUserResponse,
  ZCreateUserRequest,
  ZDbIdParams,
  ZMessageResponse,
  ZPersonalUserQuery,
  ZSecuritySettingsRequest,
  ZUpdateProfileRequest,
  ZUserLookupResponse,
  ZUserProfileResponse,
  ZUserRemovalResponse,
} from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { receiveUpload } from '../../lib/uploads.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import type { TCompanyUsersService, TRemoval } from './company-users.service.ts';
import { AVATAR_MAX_BYTES, type TUsersService } from './users.service.ts';

type TOptions = { users: TUsersService; companyUsers: TCompanyUsersService; files: TFileStore };

/** Spec §4's success text when erased; a clear sentence when the account was deactivated. */
const removalAnswer = (outcome: TRemoval) => ({
  message:
    outcome === 'deleted'
      ? 'Berhasil hapus data User'
      : 'The user owns documents: the account is deactivated and the documents stay with the company',
  data: { outcome, documents_kept: outcome === 'deactivated' },
});

const ZIdParams = ZDbIdParams;
const security = [{ bearerAuth: [] }];

export const usersRoutes: FastifyPluginAsyncZod<TOptions> = async (
  app,
  { users, companyUsers, files },
) => {
  app.get(
    '/api/v1/users/user-company',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        security,
        summary:
          "The company's users, own record excluded (company admins); newest first unless `sort` says otherwise",
        querystring: ZCompanyUserQuery,
        response: { 200: ZCompanyUserList },
      },
    },
    async (request) => ({
      message: 'OK',
      data: await companyUsers.listCompany(requireAuth(request), request.query),
    }),
  );

  app.get(
    '/api/v1/users/personal-user',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        security,
        summary: 'Personal accounts (super); newest first unless `sort` says otherwise',
        querystring: ZPersonalUserQuery,
        response: { 200: ZCompanyUserList },
      },
    },
    async (request) => ({
      message: 'OK',
      data: await companyUsers.listPersonal(requireAuth(request), request.query),
    }),
  );

  app.post(
    '/api/v1/users',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        security,
        summary: 'Add a user to the company; they get an invitation mail with a set-password link',
        body: ZCreateUserRequest,
        response: { 201: ZCompanyUserResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: 'Berhasil tambah data User',
        data: await companyUsers.create(requireAuth(request), request.body),
      }),
  );

  app.delete(
    '/api/v1/users/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        security,
        summary:
          'Remove a user of the company (see the user policy); one who owns or signs documents is deactivated and the documents stay with the company',
        params: ZIdParams,
        response: { 200: ZUserRemovalResponse },
      },
    },
    async (request) =>
      removalAnswer(await companyUsers.remove(requireAuth(request), request.params.id)),
  );

  app.get(
    '/api/v1/users/child-user-sub',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        security,
        summary: "Child users of the caller's subscription",
        response: { 200: ZChildUserList },
      },
    },
    async (request) => ({
      message: 'OK',
      data: await companyUsers.listChildren(requireAuth(request)),
    }),
  );

  app.post(
    '/api/v1/users/child-user-subs',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        security,
        summary: "Add a child user (limited by the plan's total_multiuser)",
        body: ZChildUserRequest,
        response: { 201: ZCompanyUserResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: 'Berhasil tambah data User',
        data: await companyUsers.addChild(requireAuth(request), request.body),
      }),
  );

  app.delete(
    '/api/v1/users/child-user-sub/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        security,
        summary: 'Remove a child user of the subscription (deactivated when it owns documents)',
        params: ZIdParams,
        response: { 200: ZUserRemovalResponse },
      },
    },
    async (request) =>
      removalAnswer(await companyUsers.removeChild(requireAuth(request), request.params.id)),
  );

  app.get(
    '/api/v1/users/user/:emetId',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        security,
        summary: 'Look up a user by DigiFriend code (name and masked e-mail only)',
        params: z.object({ emetId: z.string().regex(/^[A-Za-z0-9]{4,16}$/) }),
        response: { 200: ZUserLookupResponse },
      },
    },
    async (request) => ({ message: 'OK', data: await users.lookupByEmetId(request.params.emetId) }),
  );

  app.get(
    '/api/v1/users/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        security,
        summary: 'A user record',
        params: ZIdParams,
        response: { 200: ZUserProfileResponse },
      },
    },
    async (request) => ({
      message: 'OK',
      data: await users.getUser(requireAuth(request), request.params.id),
    }),
  );

  app.patch(
    '/api/v1/users/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        security,
        summary:
          'Update own profile (name, phone); company admins also set role and department of their users',
        params: ZIdParams,
        body: ZAdminUpdateUserRequest,
        response: { 200: ZUserProfileResponse.or(ZCompanyUserResponse) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { role, departement_id, ...profile } = request.body;
      if (auth.userId === request.params.id && role === undefined && departement_id === undefined) {
        return {
          message: 'Berhasil update data User',
          data: await users.updateProfile(
            auth,
            request.params.id,
            ZUpdateProfileRequest.parse(profile),
          ),
        };
      }
      return {
        message: 'Berhasil update data User',
        data: await companyUsers.update(auth, request.params.id, request.body),
      };
    },
  );

  app.post(
    '/api/v1/users/:id/password',
    {
      onRequest: [app.authenticate],
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        security,
        summary: 'Change own password (other sessions are signed out)',
        params: ZIdParams,
        body: ZChangePasswordRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await users.changePassword(
        requireAuth(request),
        request.params.id,
        request.body.currentPassword,
        request.body.newPassword,
      );
      return { message: 'Password changed' };
    },
  );

  app.patch(
    '/api/v1/users/:id/security',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        security,
        summary: 'Turn the e-mail OTP at sign-in on or off',
        params: ZIdParams,
        body: ZSecuritySettingsRequest,
        response: { 200: ZUserProfileResponse },
      },
    },
    async (request) => ({
      message: 'Security settings saved',
      data: await users.setSecurity(
        requireAuth(request),
        request.params.id,
        request.body.loginOtpEnabled,
      ),
    }),
  );

  app.post(
    '/api/v1/users/:id/avatar',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['users'],
        security,
        summary: 'Upload own avatar (multipart field `avatar`: PNG, JPEG or WebP, at most 2 MB)',
        consumes: ['multipart/form-data'],
        params: ZIdParams,
        response: { 200: ZAvatarResponse },
      },
    },
    async (request, reply) => {
      const opts = { field: 'avatar', maxBytes: AVATAR_MAX_BYTES, what: 'image' } as const;
      const avatar = await receiveUpload(request, reply, opts, async (file) => {
        const bytes = new Uint8Array(await file.toBuffer());
        return users.setAvatar(requireAuth(request), request.params.id, bytes);
      });
      return { message: 'Avatar updated', data: { avatar } };
    },
  );

  /** Avatars are public by design (spec §7: /files/{avatar}); names are random UUIDs. */
  app.get(
    '/files/:avatar',
    {
      schema: {
        hide: true,
        params: z.object({ avatar: z.string().regex(/^[0-9a-f-]{36}\.(png|jpg|webp)$/) }),
      },
    },
    async (request, reply) => {
      const key = `avatars/${request.params.avatar}`;
      if (!(await files.exists(key))) throw AppError.notFound('File');
      const ext = request.params.avatar.split('.').pop();
      const type = ext === 'png' ? 'image/png' : ext === 'webp' ? 'image/webp' : 'image/jpeg';
      reply
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff');
      return reply.type(type).send(await files.stream(key));
    },
  );
};
