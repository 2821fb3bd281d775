import { Elysia } from 'elysia';
import type { Db } from '@db/client';
import { requestMeta } from '@api/request-meta';
import { POLICIES, publicWriteChecks, takeAttempt } from '../auth';
import { joinWaitlistInput } from './contract';
import { joinWaitlist } from './service';

export const waitlistRoutes = (deps: { db: Db }) =>
  new Elysia({ prefix: '/api/waitlist' }).post(
    '/join',
    async ({ body, set, request }) => {
      await takeAttempt(deps.db, publicWriteChecks(requestMeta(request).ip, POLICIES.waitlistAddress), 'sign-ups');
      const result = await joinWaitlist(deps.db, body);
      set.status = result.alreadyJoined ? 200 : 201;
      return result;
    },
    { body: joinWaitlistInput },
  );
