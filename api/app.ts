import { Elysia, type AnyElysia } from 'elysia';
import type { Db } from '../db/client';
import { contactRoutes } from '../modules/contact';
import { healthRoutes } from '../modules/health';
import { waitlistRoutes } from '../modules/waitlist';
import { authRoutes } from '../modules/auth';
import { budgetRoutes } from '../modules/budgets';
import { auditRoutes } from '../modules/audit';
import { settingsRoutes } from '../modules/settings';
import { ledgerRoutes } from '../modules/ledger';
import { buildKnowledge, chatRoutes, loadLearnArticles, type ChatKnowledge } from '../modules/chat';
import { assistantRoutes } from '../modules/chat/assistant';
import type { Phraser } from '../modules/chat/phraser';
import { notificationRoutes } from '../modules/notifications';
import { screeningRoutes } from '../modules/kyc/screening-routes';
import { kycBackupRoutes } from '../modules/kyc/backup-routes';
import { onboardingRoutes } from '../modules/onboarding';
import { kycRoutes } from '../modules/kyc';
import { fileRoutes } from '../modules/files';
import { propertyRoutes } from '../modules/properties';
import { walletRoutes } from '../modules/wallet';
import { investingRoutes } from '../modules/investing';
import { sipRoutes } from '../modules/sip';
import { feeRoutes } from '../modules/fees';
import { exchangeRoutes } from '../modules/exchange';
import { exitRoutes } from '../modules/exchange/exit-routes';
import { poolRoutes } from '../modules/exchange/pool-routes';
import { distributionRoutes } from '../modules/distributions';
import { statementRoutes } from '../modules/statements';
import { communicationsRoutes } from '../modules/communications';
import { investorAdminRoutes } from '../modules/investor-admin';
import { communityPlugin } from '../modules/community/routes';
import { staffRoutes } from '../modules/staff';
import type { PaymentProvider } from '../modules/payments';
import { adminRoutes } from './admin-routes';
import { erpRoutes } from './erp-routes';
import { MAX_JSON_BYTES, parseJsonBody, readLimitedText } from './body';
import { CSRF_COOKIE, isProduction, randomToken } from './cookies';
import { checkCsrf } from './csrf';
import { AppError } from './errors';
import { assertCleanUrl } from './input-guards';
import { OPENAPI_PATH, openApiHandler } from './openapi';
import { securityHeaders } from './security-headers';
import { isSignedWebhook } from './webhooks';

export type AppDeps = {
  db: Db;
  /** Defaults to process.env.NODE_ENV === 'production'. */
  production?: boolean;
  log?: Pick<Console, 'error'>;
  /** The assistant's knowledge base; built once from the FAQ and the learn articles when not given. */
  chatKnowledge?: ChatKnowledge;
  /** How the assistant words its answers; from the environment (OPENAI_API_KEY) when not given. */
  assistantPhraser?: Phraser;
  /**
   * The payment provider for deposits and payouts. Not given: from the environment (modules/payments/config.ts:
   * Stripe when STRIPE_SECRET_KEY is set, the sandbox outside production). null: none.
   */
  paymentProvider?: PaymentProvider | null;
  /** Runs in-process background jobs (the payout outbox worker). The server sets it; tests do not. */
  backgroundJobs?: boolean;
};

type ValidationIssue = { path?: string; message?: string; summary?: string };

function validationMessage(issues: ValidationIssue[]): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = (issue.path ?? 'root').replace(/^\//, '').replaceAll('/', '.') || 'root';
    if (!(key in fields)) fields[key] = issue.message ?? issue.summary ?? 'Invalid value';
  }
  const [first] = Object.entries(fields);
  if (!first) return { message: 'The request is not valid.', fields };
  const [path, msg] = first;
  if (path === 'root') return { message: 'The request body must be a JSON object.', fields };
  const generic = /^(Invalid input|Expected|Required|Invalid)/i.test(msg);
  return { message: generic ? `${path}: ${msg}` : msg, fields };
}

/** The whole API as one Elysia app. Tests call `createApp(deps).handle(request)`. */
export function createApp(deps: AppDeps) {
  const production = deps.production ?? process.env.NODE_ENV === 'production';
  const log = deps.log ?? console;
  const headers = securityHeaders('api', production);
  const knowledge = deps.chatKnowledge ?? buildKnowledge({ articles: loadLearnArticles(undefined, log) });

  // The OpenAPI handler describes the finished app; typed apart so the app's type does not refer to itself.
  const built: { app?: AnyElysia } = {};
  const app = new Elysia({ normalize: true })
    .onRequest(({ set, request }) => {
      Object.assign(set.headers, headers);
      set.headers['x-request-id'] = crypto.randomUUID();
      assertCleanUrl(request.url);
      checkCsrf(request);
    })
    // The XSRF-TOKEN cookie goes out with the first answer to any visitor.
    .onTransform(({ cookie }) => {
      if (!cookie[CSRF_COOKIE].value) {
        cookie[CSRF_COOKIE].set({ value: randomToken(24), httpOnly: false, sameSite: 'lax', secure: isProduction(), path: '/' });
      }
    })
    .onParse(async ({ request, contentType, path }) => {
      // A signed webhook's signature covers the exact body: hand it to the route as text, unparsed.
      if (isSignedWebhook(path)) return readLimitedText(request, MAX_JSON_BYTES);
      const type = (contentType ?? '').toLowerCase();
      if (type.startsWith('application/json') || type.endsWith('+json')) return parseJsonBody(request);
      if (type.startsWith('multipart/form-data')) return; // uploads: the route reads its own form data
      // No body at all (a DELETE or POST without one: no length, no chunked transfer) reads as {}.
      const declared = request.headers.get('content-length');
      if (declared === '0' || (declared === null && !request.headers.get('transfer-encoding')) || !request.body) return {};
      throw new AppError(415, 'unsupported_content_type', 'Send the request body as JSON with the header Content-Type: application/json.');
    })
    .onError(({ code, error: raised, set, request }) => {
      const requestId = String(set.headers['x-request-id'] ?? '');
      Object.assign(set.headers, headers);
      // Errors thrown while parsing arrive wrapped in Elysia's ParseError.
      const cause = (raised as { cause?: unknown }).cause;
      const error = cause instanceof AppError ? cause : raised;
      if (error instanceof AppError) {
        set.status = error.status;
        const retryAfter = error.details?.retryAfter;
        if (error.status === 429 && typeof retryAfter === 'number') set.headers['retry-after'] = String(retryAfter);
        return error.toJSON();
      }
      switch (code) {
        case 'VALIDATION': {
          set.status = 400;
          const all = (error as { all?: ValidationIssue[] }).all ?? [];
          const { message, fields } = validationMessage(all);
          return { message, error: 'validation_failed', fields };
        }
        case 'PARSE':
          set.status = 400;
          return { message: 'The request body could not be read. Send valid JSON with Content-Type: application/json.', error: 'malformed_body' };
        case 'NOT_FOUND': {
          set.status = 404;
          const { pathname } = new URL(request.url);
          return { message: `There is no API route for ${request.method} ${pathname}.`, error: 'not_found' };
        }
        case 'INVALID_COOKIE_SIGNATURE':
          set.status = 400;
          return { message: 'A cookie was tampered with. Sign in again.', error: 'invalid_cookie' };
        default: {
          const status = Number((error as { status?: number }).status);
          if (Number.isInteger(status) && status >= 400 && status < 500) {
            set.status = status;
            return { message: (error as Error).message || 'The request could not be handled.', error: 'client_error' };
          }
          set.status = 500;
          log.error(`[api] ${requestId} ${request.method} ${request.url}:`, error);
          return {
            message: `Something went wrong on our side. Please try again; if it keeps happening, contact support and quote ${requestId}.`,
            error: 'internal_error',
            requestId,
          };
        }
      }
    })
    .use(healthRoutes())
    .use(authRoutes(deps))
    .use(adminRoutes(deps))
    .use(investorAdminRoutes(deps))
    .use(staffRoutes(deps))
    .use(waitlistRoutes(deps))
    .use(contactRoutes(deps))
    .use(chatRoutes({ db: deps.db, chatKnowledge: knowledge, log }))
    .use(assistantRoutes({ db: deps.db, knowledge, phraser: deps.assistantPhraser, log }))
    .use(ledgerRoutes(deps))
    .use(budgetRoutes(deps))
    .use(auditRoutes(deps))
    .use(settingsRoutes(deps))
    .use(kycRoutes(deps))
    .use(fileRoutes(deps))
    .use(notificationRoutes(deps))
    .use(screeningRoutes(deps))
    .use(kycBackupRoutes(deps))
    .use(onboardingRoutes(deps))
    .use(propertyRoutes(deps))
    .use(walletRoutes(deps))
    .use(investingRoutes(deps))
    .use(sipRoutes(deps))
    .use(exchangeRoutes(deps))
    .use(poolRoutes(deps))
    .use(exitRoutes(deps))
    .use(distributionRoutes(deps))
    .use(statementRoutes(deps))
    .use(feeRoutes(deps))
    .use(communityPlugin(deps))
    .use(erpRoutes(deps))
    .use(communicationsRoutes(deps))
    .get(OPENAPI_PATH, openApiHandler(() => built.app!), { detail: { hide: true } });
  built.app = app;
  return app;
}

export type App = ReturnType<typeof createApp>;
