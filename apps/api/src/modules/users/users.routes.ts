import {
  USER_ENDPOINTS as E,
  ZAvatarResponse,
  ZDbIdParams,
  ZUpdateProfileRequest,
} from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
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
  endpointRoute(app, E.companyUsers, async ({ auth, query }) => ({
    message: 'OK',
    data: await companyUsers.listCompany(auth, query),
  }));
  endpointRoute(app, E.personalUsers, async ({ auth, query }) => ({
    message: 'OK',
    data: await companyUsers.listPersonal(auth, query),
  }));
  endpointRoute(app, E.create, async ({ auth, body }) => ({
    message: 'Berhasil tambah data User',
    data: await companyUsers.create(auth, body),
  }));
  endpointRoute(app, E.remove, async ({ auth, params }) =>
    removalAnswer(await companyUsers.remove(auth, params.id)),
  );

  endpointRoute(app, E.children, async ({ auth }) => ({
    message: 'OK',
    data: await companyUsers.listChildren(auth),
  }));
  endpointRoute(app, E.addChild, async ({ auth, body }) => ({
    message: 'Berhasil tambah data User',
    data: await companyUsers.addChild(auth, body),
  }));
  endpointRoute(app, E.removeChild, async ({ auth, params }) =>
    removalAnswer(await companyUsers.removeChild(auth, params.id)),
  );

  endpointRoute(app, E.lookup, async ({ params }) => ({
    message: 'OK',
    data: await users.lookupByEmetId(params.emetId),
  }));
  endpointRoute(app, E.get, async ({ auth, params }) => ({
    message: 'OK',
    data: await users.getUser(auth, params.id),
  }));
  endpointRoute(app, E.update, async ({ auth, params, body }) => {
    const { role, departement_id, ...profile } = body;
    const updated = <T>(data: T) => ({ message: 'Berhasil update data User', data });
    if (auth.userId === params.id && role === undefined && departement_id === undefined) {
      const own = ZUpdateProfileRequest.parse(profile);
      return updated(await users.updateProfile(auth, params.id, own));
    }
    return updated(await companyUsers.update(auth, params.id, body));
  });
  endpointRoute(
    app,
    E.changePassword,
    async ({ auth, params, body }) => {
      await users.changePassword(auth, params.id, body.currentPassword, body.newPassword);
      return { message: 'Password changed' };
    },
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
  );
  endpointRoute(app, E.security, async ({ auth, params, body }) => ({
    message: 'Security settings saved',
    data: await users.setSecurity(auth, params.id, body.loginOtpEnabled),
  }));

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
