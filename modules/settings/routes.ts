import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '@db/client';
import { requestMeta } from '@api/request-meta';
import { authPlugin } from '../auth';
import { updateSettingInput } from './contract';
import { provideSettings } from './pages';
import { publicSettings } from './public';
import { listSettings, settingHistory, updateSetting } from './service';

const keyParam = z.object({ key: z.string().max(100) });

/**
 *   GET /api/settings/public                 fees, minimums and limits in force today (anyone: screens and pages read them)
 *   GET /api/admin/settings                  every setting: value in force, default, since when, scheduled changes
 *   GET /api/admin/settings/:key/history     every change of one setting
 *   PUT /api/admin/settings/:key             { value, effectiveFrom?, reason? } → the setting (audited)
 */
export const settingsRoutes = (deps: { db: Db }) => {
  provideSettings(() => publicSettings(deps.db));
  return new Elysia()
    .get('/api/settings/public', async ({ set }) => {
      set.headers['cache-control'] = 'no-store';
      return publicSettings(deps.db);
    })
    .use(
      new Elysia({ prefix: '/api/admin/settings' })
        .use(authPlugin(deps))
        .get('/', async () => ({ items: await listSettings(deps.db) }), { auth: 'settings:read' })
        .get('/:key/history', async ({ params }) => ({ items: await settingHistory(deps.db, params.key) }), { auth: 'settings:read', params: keyParam })
        .put('/:key', ({ params, body, user, request }) => updateSetting(deps.db, params.key, body.value, { userId: user.id, ip: requestMeta(request).ip }, { effectiveFrom: body.effectiveFrom, reason: body.reason }), {
          auth: 'settings:write',
          params: keyParam,
          body: updateSettingInput,
        }),
    );
};
