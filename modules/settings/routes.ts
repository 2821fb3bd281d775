import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '@db/client';
import { requestMeta } from '@api/request-meta';
import { authPlugin } from '../auth';
import { updateSettingInput } from './contract';
import { listSettings, updateSetting } from './service';

/**
 *   GET /api/admin/settings         every setting with its value, default and last change
 *   PUT /api/admin/settings/:key    { value } → the setting (audited)
 */
export const settingsRoutes = (deps: { db: Db }) =>
  new Elysia({ prefix: '/api/admin/settings' })
    .use(authPlugin(deps))
    .get('/', async () => ({ items: await listSettings(deps.db) }), { auth: 'admin' })
    .put('/:key', ({ params, body, user, request }) => updateSetting(deps.db, params.key, body.value, { userId: user.id, ip: requestMeta(request).ip }), {
      auth: 'admin',
      params: z.object({ key: z.string().max(100) }),
      body: updateSettingInput,
    });
