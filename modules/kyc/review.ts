/**
 * KYC review: the admins' side of an application (/admin/kyc/:userId) — the whole file read for a decision,
 * start review, approve (a screening match needs an override and a reason), reject with reasons per document,
 * and ask for more documents. Each decision is one transaction: status history, documents, audit, notification.
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@db/client';
import { AppError, badRequest, conflict, notFound } from '@api/errors';
import { recordAudit } from '../audit';
import { users } from '../auth/schema';
import { isStaffRole } from '../auth/permissions-contract';
import { notify } from '../notifications';
import {
  KYC_PENDING_REVIEW_STATUSES,
  kycDocumentTypeLabels,
  kycStatusLabels,
  type AdminKycDetail,
  type approveInput,
  type KycDocumentType,
  type KycHistoryEntryJson,
  type KycRiskLevel,
  type KycStatus,
  type rejectInput,
  type requestDocumentsInput,
} from './contract';
import { kycDocuments, kycStatusHistory } from './schema';
import { afterChange, applicationRow, buildApplicationJson, changeStatus, documentJson, documentsOf, statusOfUser, type Actor, type ApplicationRow } from './service';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function actionsFor(status: KycStatus) {
  const reviewable = (KYC_PENDING_REVIEW_STATUSES as readonly string[]).includes(status);
  return { startReview: status === 'submitted' || status === 'resubmitted', approve: reviewable, reject: reviewable, requestDocuments: reviewable };
}

/** GET /api/admin/kyc/:userId: the application, every document (superseded ones too), screening and history. Read only. */
export async function getApplicationDetail(db: Db, userId: string): Promise<AdminKycDetail> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('There is no such applicant.', 'kyc_not_found');
  const app = await applicationRow(db, userId);
  const docs = await documentsOf(db, userId, { includeSuperseded: true });
  const application = await buildApplicationJson(db, userId, app, statusOfUser(user.kycStatus), docs);
  const actor = sql<string | null>`(select trim(u.first_name || ' ' || u.last_name) from ${users} u where u.id = ${kycStatusHistory.actorId})`;
  const actorRole = sql<string | null>`(select u.role::text from ${users} u where u.id = ${kycStatusHistory.actorId})`;
  const history = await db
    .select({ id: kycStatusHistory.id, from: kycStatusHistory.fromStatus, to: kycStatusHistory.toStatus, at: kycStatusHistory.createdAt, actorId: kycStatusHistory.actorId, actorName: actor, actorRole, note: kycStatusHistory.note })
    .from(kycStatusHistory)
    .where(eq(kycStatusHistory.userId, userId))
    .orderBy(desc(kycStatusHistory.createdAt));
  const status = application.status;
  return {
    applicant: { id: user.id, unicode: user.unicode, email: user.email, firstName: user.firstName, lastName: user.lastName, phone: user.phone, createdAt: user.createdAt.toISOString() },
    application,
    screening: {
      riskLevel: (app?.riskLevel ?? 'low') as KycRiskLevel,
      flagged: app?.flagged ?? false,
      hits: app?.screeningHits ?? [],
      screenedAt: iso(app?.screenedAt),
    },
    documents: docs.map(documentJson),
    history: history.map(
      (h): KycHistoryEntryJson => ({
        id: h.id,
        from: h.from as KycStatus | null,
        to: h.to as KycStatus,
        at: h.at.toISOString(),
        actor: h.actorId ? { id: h.actorId, name: h.actorName ?? '', role: h.actorRole && isStaffRole(h.actorRole) ? 'admin' : 'investor' } : null,
        note: h.note,
      }),
    ),
    actions: app ? actionsFor(status) : { startReview: false, approve: false, reject: false, requestDocuments: false },
    approvalNeedsOverride: app?.flagged ?? false,
  };
}

/** The application locked for a decision; 404 when there is none, 409 when it is not waiting for review. */
async function reviewableApplication(tx: Db, userId: string, what: string): Promise<ApplicationRow & { status: KycStatus }> {
  const app = await applicationRow(tx, userId, true);
  if (!app) throw notFound('This user has no KYC application.', 'kyc_not_found');
  const status = app.status as KycStatus;
  if (!(KYC_PENDING_REVIEW_STATUSES as readonly string[]).includes(status)) {
    throw conflict(`This application is ${kycStatusLabels[status].toLowerCase()}; only a submitted application can be ${what}.`, 'kyc_not_reviewable');
  }
  return { ...app, status };
}

/** submitted/resubmitted → under_review (recorded); under_review stays. Returns the status now. */
async function ensureUnderReview(tx: Db, app: ApplicationRow & { status: KycStatus }, actor: Actor): Promise<KycStatus> {
  if (app.status === 'under_review') return app.status;
  await changeStatus(tx, app.userId, app.status, 'under_review', actor.id, null, { reviewStartedAt: sql`now()` as unknown as Date });
  return 'under_review';
}

async function applicantName(tx: Db, app: ApplicationRow) {
  const [u] = await tx.select({ firstName: users.firstName, lastName: users.lastName, email: users.email, unicode: users.unicode }).from(users).where(eq(users.id, app.userId));
  const name = app.legalName ?? `${u?.firstName ?? ''} ${u?.lastName ?? ''}`.trim();
  return `${name} (${u?.unicode ?? app.userId})`;
}

/** POST /api/admin/kyc/:userId/start-review: submitted/resubmitted → under_review (idempotent once under review). */
export async function startReview(db: Db, userId: string, actor: Actor): Promise<AdminKycDetail> {
  await afterChange(
    userId,
    db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const app = await reviewableApplication(t, userId, 'reviewed');
      if (app.status === 'under_review') return;
      await ensureUnderReview(t, app, actor);
      await recordAudit(t, { actorId: actor.id, action: 'kyc.start_review', entityType: 'kyc_application', entityId: userId, summary: `Started reviewing the KYC application of ${await applicantName(t, app)}.`, ip: actor.ip });
    }),
  );
  return getApplicationDetail(db, userId);
}

/** POST /api/admin/kyc/:userId/approve: verified. A screening-flagged application needs override + reason. */
export async function approveApplication(db: Db, userId: string, input: z.output<typeof approveInput>, actor: Actor): Promise<AdminKycDetail> {
  await afterChange(
    userId,
    db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const app = await reviewableApplication(t, userId, 'approved');
      if (app.flagged && !input.override) {
        throw new AppError(
          422,
          'screening_override_required',
          'The screening matched this applicant against a sanctions or PEP list. To approve anyway, confirm the override and give a reason.',
          { hits: app.screeningHits.length },
        );
      }
      const from = await ensureUnderReview(t, app, actor);
      await tx
        .update(kycDocuments)
        .set({ status: 'accepted', reviewedAt: sql`now()`, reviewedBy: actor.id, rejectionReason: null })
        .where(and(eq(kycDocuments.userId, userId), isNull(kycDocuments.supersededAt), eq(kycDocuments.status, 'pending')));
      const note = [input.note, app.flagged && input.override ? `Screening override: ${input.overrideReason}` : null].filter(Boolean).join(' — ') || null;
      await changeStatus(t, userId, from, 'approved', actor.id, note, { decidedAt: sql`now()` as unknown as Date, decidedBy: actor.id });
      await recordAudit(t, {
        actorId: actor.id,
        action: 'kyc.approve',
        entityType: 'kyc_application',
        entityId: userId,
        summary: `Approved the KYC application of ${await applicantName(t, app)}${app.flagged ? ' despite a screening match' : ''}.`,
        details: { note: input.note ?? null, riskLevel: app.riskLevel, flagged: app.flagged, override: app.flagged ? input.override : false, overrideReason: app.flagged ? (input.overrideReason ?? null) : null },
        ip: actor.ip,
      });
      await notify(t, {
        userId,
        kind: 'kyc',
        title: 'Your identity is verified',
        body: 'Your KYC application was approved. You can now invest in properties on Manzil.',
        link: '/kyc/verify',
      });
    }),
  );
  return getApplicationDetail(db, userId);
}

/** POST /api/admin/kyc/:userId/reject: back to the investor with a reason, and reasons per document. */
export async function rejectApplication(db: Db, userId: string, input: z.output<typeof rejectInput>, actor: Actor): Promise<AdminKycDetail> {
  await afterChange(
    userId,
    db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const app = await reviewableApplication(t, userId, 'rejected');
      const ids = [...new Set(input.documents.map((d) => d.id))];
      const current = ids.length
        ? await tx.select({ id: kycDocuments.id, type: kycDocuments.type }).from(kycDocuments).where(and(eq(kycDocuments.userId, userId), isNull(kycDocuments.supersededAt), inArray(kycDocuments.id, ids)))
        : [];
      const unknown = ids.filter((id) => !current.some((d) => d.id === id));
      if (unknown.length) throw badRequest(`These documents are not current documents of this application: ${unknown.join(', ')}.`, 'unknown_document');
      const from = await ensureUnderReview(t, app, actor);
      for (const d of input.documents) {
        await tx.update(kycDocuments).set({ status: 'rejected', rejectionReason: d.reason, reviewedAt: sql`now()`, reviewedBy: actor.id }).where(eq(kycDocuments.id, d.id));
      }
      await changeStatus(t, userId, from, 'rejected', actor.id, input.reason, {
        decidedAt: sql`now()` as unknown as Date,
        decidedBy: actor.id,
        rejectionReason: input.reason,
        requestedDocuments: null,
      });
      const typeOf = new Map(current.map((d) => [d.id, d.type as KycDocumentType]));
      await recordAudit(t, {
        actorId: actor.id,
        action: 'kyc.reject',
        entityType: 'kyc_application',
        entityId: userId,
        summary: `Rejected the KYC application of ${await applicantName(t, app)}: ${input.reason}`,
        details: { reason: input.reason, documents: input.documents.map((d) => ({ id: d.id, type: typeOf.get(d.id), reason: d.reason })) },
        ip: actor.ip,
      });
      const docLines = input.documents.map((d) => `${kycDocumentTypeLabels[typeOf.get(d.id)!]}: ${d.reason}`);
      await notify(t, {
        userId,
        kind: 'kyc',
        title: 'Your identity verification needs changes',
        body: [input.reason, ...docLines].join('\n'),
        link: '/kyc/verify',
      });
    }),
  );
  return getApplicationDetail(db, userId);
}

/** POST /api/admin/kyc/:userId/request-documents: 'rejected' with the requested types (shown as "Action needed"). */
export async function requestDocuments(db: Db, userId: string, input: z.output<typeof requestDocumentsInput>, actor: Actor): Promise<AdminKycDetail> {
  await afterChange(
    userId,
    db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const app = await reviewableApplication(t, userId, 'sent back');
      const from = await ensureUnderReview(t, app, actor);
      const [{ now }] = await tx.select({ now: sql<string>`to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` }).from(sql`(select 1) as one`);
      const labels = input.types.map((type) => kycDocumentTypeLabels[type]);
      await changeStatus(t, userId, from, 'rejected', actor.id, `Requested: ${labels.join(', ')} — ${input.message}`, {
        decidedAt: sql`now()` as unknown as Date,
        decidedBy: actor.id,
        rejectionReason: null,
        requestedDocuments: { types: input.types, message: input.message, requestedAt: now },
      });
      await recordAudit(t, {
        actorId: actor.id,
        action: 'kyc.request_documents',
        entityType: 'kyc_application',
        entityId: userId,
        summary: `Asked ${await applicantName(t, app)} for more documents: ${labels.join(', ')}.`,
        details: { types: input.types, message: input.message },
        ip: actor.ip,
      });
      await notify(t, {
        userId,
        kind: 'kyc',
        title: 'We need more documents',
        body: `Please upload: ${labels.join(', ')}. ${input.message}`,
        link: '/kyc/documents',
      });
    }),
  );
  return getApplicationDetail(db, userId);
}
