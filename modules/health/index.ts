import { Elysia } from 'elysia';

export const HEALTH_BODY = { status: 'ok' } as const;

/** Liveness: answers without touching the database, so load balancers can poll it cheaply. */
export const healthRoutes = () => new Elysia({ prefix: '/api' }).get('/health', () => HEALTH_BODY);
