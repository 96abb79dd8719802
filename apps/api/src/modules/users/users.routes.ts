import { USER_ENDPOINTS as E, ZUpdateProfileRequest } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { dataRoute, endpointRoute } from '../../lib/endpoint-route.ts';
import { receiveUpload } from '../../lib/uploads.ts';
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

export const usersRoutes: FastifyPluginAsyncZod<TOptions> = async (
  app,
  { users, companyUsers, files },
) => {
  dataRoute(app, E.companyUsers, 'OK', ({ auth, query }) => companyUsers.listCompany(auth, query));
  dataRoute(app, E.personalUsers, 'OK', ({ auth, query }) =>
    companyUsers.listPersonal(auth, query),
  );
  dataRoute(app, E.create, 'Berhasil tambah data User', ({ auth, body }) =>
    companyUsers.create(auth, body),
  );
  endpointRoute(app, E.remove, async ({ auth, params }) =>
    removalAnswer(await companyUsers.remove(auth, params.id)),
  );

  dataRoute(app, E.children, 'OK', ({ auth }) => companyUsers.listChildren(auth));
  dataRoute(app, E.addChild, 'Berhasil tambah data User', ({ auth, body }) =>
    companyUsers.addChild(auth, body),
  );
  endpointRoute(app, E.removeChild, async ({ auth, params }) =>
    removalAnswer(await companyUsers.removeChild(auth, params.id)),
  );

  dataRoute(app, E.lookup, 'OK', ({ params }) => users.lookupByEmetId(params.emetId));
  dataRoute(app, E.get, 'OK', ({ auth, params }) => users.getUser(auth, params.id));
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
  dataRoute(app, E.security, 'Security settings saved', ({ auth, params, body }) =>
    users.setSecurity(auth, params.id, body.loginOtpEnabled),
  );

  endpointRoute(app, E.avatar, async ({ auth, params, request, reply }) => {
    const opts = { field: 'avatar', maxBytes: AVATAR_MAX_BYTES, what: 'image' } as const;
    const avatar = await receiveUpload(request, reply, opts, async (file) =>
      users.setAvatar(auth, params.id, new Uint8Array(await file.toBuffer())),
    );
    return { message: 'Avatar updated', data: { avatar } };
  });

  endpointRoute(app, E.avatarFile, async ({ params, reply }) => {
    const key = `avatars/${params.avatar}`;
    if (!(await files.exists(key))) throw AppError.notFound('File');
    const ext = params.avatar.split('.').pop();
    const type = ext === 'png' ? 'image/png' : ext === 'webp' ? 'image/webp' : 'image/jpeg';
    reply
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff');
    return reply.type(type).send(await files.stream(key));
  });
};
