import { Elysia } from 'elysia';
import type { Db } from '../../db/client';
import { joinWaitlistInput } from './contract';
import { joinWaitlist } from './service';

export const waitlistRoutes = (deps: { db: Db }) =>
  new Elysia({ prefix: '/api/waitlist' }).post(
    '/join',
    async ({ body, set }) => {
      const result = await joinWaitlist(deps.db, body);
      set.status = result.alreadyJoined ? 200 : 201;
      return result;
    },
    { body: joinWaitlistInput },
  );
