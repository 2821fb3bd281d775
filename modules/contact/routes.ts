import { Elysia } from 'elysia';
import type { Db } from '@db/client';
import { requestMeta } from '@api/request-meta';
import { POLICIES, publicWriteChecks, takeAttempt } from '../auth';
import { contactInput } from './contract';
import { submitContactMessage } from './service';

export const contactRoutes = (deps: { db: Db }) =>
  new Elysia({ prefix: '/api/contact' }).post(
    '/',
    async ({ body, set, request }) => {
      await takeAttempt(deps.db, publicWriteChecks(requestMeta(request).ip, POLICIES.contactAddress), 'messages');
      set.status = 201;
      return submitContactMessage(deps.db, body);
    },
    { body: contactInput },
  );
