import { Elysia } from 'elysia';
import type { Db } from '../../db/client';
import { contactInput } from './contract';
import { submitContactMessage } from './service';

export const contactRoutes = (deps: { db: Db }) =>
  new Elysia({ prefix: '/api/contact' }).post(
    '/',
    async ({ body, set }) => {
      set.status = 201;
      return submitContactMessage(deps.db, body);
    },
    { body: contactInput },
  );
