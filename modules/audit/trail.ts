import { Elysia } from 'elysia';
import type { Db } from '@db/client';
import { requestMeta } from '@api/request-meta';
import { recordAudit } from './service';

/** How one admin write is told in the activity log. `m` is the match of `pattern` against the sub-path. */
export type TrailRule = {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  pattern: RegExp;
  action: string;
  entityType: string;
  summary: (m: RegExpMatchArray, body: Record<string, unknown>, response: unknown) => string;
  entityId?: (m: RegExpMatchArray, body: Record<string, unknown>, response: unknown) => string | null;
  /** The service records this action itself with recordAudit, inside its transaction: the trail stays silent. */
  inService?: boolean;
};

/**
 * Records every successful admin write of a route group in the audit log, for modules whose services
 * predate the log (the ledger, budgets). Modules written since record inside their own transactions
 * with recordAudit instead. A write that fails (4xx/5xx) is not an action and is not recorded.
 */
export const auditTrail = (deps: { db: Db }, prefix: string, rules: TrailRule[]) =>
  new Elysia({ name: `audit-trail${prefix}` }).onAfterHandle({ as: 'scoped' }, async (ctx) => {
    const { request } = ctx;
    const method = request.method.toUpperCase();
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return;
    const user = (ctx as unknown as { user?: { id: string } }).user;
    const status = typeof ctx.set.status === 'number' ? ctx.set.status : 200;
    if (!user || status >= 400) return;
    const sub = new URL(request.url).pathname.slice(prefix.length) || '/';
    const body = (ctx.body && typeof ctx.body === 'object' ? ctx.body : {}) as Record<string, unknown>;
    const response = (ctx as unknown as { responseValue?: unknown; response?: unknown }).responseValue ?? (ctx as unknown as { response?: unknown }).response;
    for (const rule of rules) {
      if (rule.method !== method) continue;
      const m = sub.match(rule.pattern);
      if (!m) continue;
      if (rule.inService) return;
      await recordAudit(deps.db, {
        actorId: user.id,
        action: rule.action,
        entityType: rule.entityType,
        entityId: rule.entityId ? rule.entityId(m, body, response) : (m[1] ? decodeURIComponent(m[1]) : null),
        summary: rule.summary(m, body, response),
        details: { method, path: new URL(request.url).pathname, ...(Object.keys(body).length && Object.keys(body).length < 20 ? { body } : {}) },
        ip: requestMeta(request).ip,
      });
      return;
    }
    await recordAudit(deps.db, {
      actorId: user.id,
      action: `${prefix.split('/').filter(Boolean).pop()}.write`,
      entityType: 'api',
      entityId: null,
      summary: `${method} ${new URL(request.url).pathname}`,
      details: { method },
      ip: requestMeta(request).ip,
    });
  });
