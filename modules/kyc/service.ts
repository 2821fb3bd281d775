/**
 * KYC: the investor's application (steps, documents, submission) and the admins' review of it.
 * The status machine is described in ./contract.ts. Every change of status happens in one transaction
 * with the row lock on the application, writes users.kyc_status (what /api/auth/me reports) and a history
 * row; callers forget the user's cached sessions once it has committed.
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, badRequest, conflict, notFound } from '@api/errors';
import { recordAudit } from '../audit';
import { forgetCachedSessions } from '../auth';
import { users } from '../auth/schema';
import { fileUrl, storeFile } from '../files';
import { storedFiles } from '../files/schema';
import { notify, notifyAdmins } from '../notifications';
import { getRetailAnnualLimitFils } from '../settings';
import {
  isKycEditable,
  KYC_PENDING_REVIEW_STATUSES,
  KYC_STATUSES,
  KYC_STEPS,
  kycDocumentTypeLabels,
  kycFullName,
  kycMessages,
  kycStatusLabels,
  personalInput,
  requiredDocumentTypes,
  type AdminKycDetail,
  type approveInput,
  type KycAddress,
  type KycApplicationJson,
  type KycDocumentJson,
  type KycDocumentStatus,
  type KycDocumentType,
  type KycFinancial,
  type KycHistoryEntryJson,
  type KycMissingItem,
  type KycPersonal,
  type KycRiskLevel,
  type KycStatus,
  type KycStep,
  type rejectInput,
  type requestDocumentsInput,
} from './contract';
import { kycApplications, kycDocuments, kycStatusHistory } from './schema';
import { screenApplicant } from './screening';
import type { z } from 'zod';
import { retailUsage } from './retail-usage';
import { isStaffRole } from '../auth/permissions-contract';

type ApplicationRow = typeof kycApplications.$inferSelect;
type Actor = { id: string; ip?: string | null };

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const isStatus = (s: string): s is KycStatus => (KYC_STATUSES as readonly string[]).includes(s);
/** users.kyc_status of someone without an application ('completed' is the legacy word for verified). */
export const statusOfUser = (s: string): KycStatus => (s === 'completed' ? 'approved' : isStatus(s) ? s : 'not_started');

// ——— Reading ———

export const documentColumns = {
  id: kycDocuments.id,
  userId: kycDocuments.userId,
  type: kycDocuments.type,
  status: kycDocuments.status,
  rejectionReason: kycDocuments.rejectionReason,
  fileId: kycDocuments.fileId,
  originalName: kycDocuments.originalName,
  uploadedAt: kycDocuments.uploadedAt,
  supersededAt: kycDocuments.supersededAt,
  contentType: storedFiles.contentType,
  size: storedFiles.size,
  width: storedFiles.width,
  height: storedFiles.height,
};
export type DocumentRow = {
  id: string;
  userId: string;
  type: string;
  status: string;
  rejectionReason: string | null;
  fileId: string;
  originalName: string | null;
  uploadedAt: Date;
  supersededAt: Date | null;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
};

export const documentJson = (d: DocumentRow): KycDocumentJson => ({
  id: d.id,
  type: d.type as KycDocumentType,
  status: d.status as KycDocumentStatus,
  rejectionReason: d.rejectionReason,
  fileId: d.fileId,
  url: fileUrl(d.fileId),
  contentType: d.contentType as KycDocumentJson['contentType'],
  size: d.size,
  width: d.width,
  height: d.height,
  originalName: d.originalName,
  uploadedAt: d.uploadedAt.toISOString(),
  superseded: d.supersededAt !== null,
});

async function documentsOf(db: Db, userId: string, opts: { includeSuperseded?: boolean } = {}): Promise<DocumentRow[]> {
  return db
    .select(documentColumns)
    .from(kycDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, kycDocuments.fileId))
    .where(opts.includeSuperseded ? eq(kycDocuments.userId, userId) : and(eq(kycDocuments.userId, userId), isNull(kycDocuments.supersededAt)))
    .orderBy(desc(kycDocuments.uploadedAt));
}

async function applicationRow(db: Db, userId: string, lock = false): Promise<ApplicationRow | null> {
  const q = db.select().from(kycApplications).where(eq(kycApplications.userId, userId));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** What still stands between the application and a submission, in step order. */
export function missingItems(app: Pick<ApplicationRow, 'personal' | 'address' | 'financial' | 'requestedDocuments'> | null, docs: DocumentRow[]): KycMissingItem[] {
  const missing: KycMissingItem[] = [];
  const personal = app?.personal ?? null;
  if (!personal) {
    missing.push({ step: 'personal', message: 'Fill in your personal information.' });
  } else {
    // Saved answers are checked again: an ID can expire, a rule can change between saving and submitting.
    const check = personalInput.safeParse(personal);
    if (!check.success) {
      for (const issue of check.error.issues) missing.push({ step: 'personal', field: String(issue.path[0] ?? ''), message: issue.message });
    }
  }
  const current = new Map(docs.filter((d) => !d.supersededAt).map((d) => [d.type, d]));
  for (const type of requiredDocumentTypes(personal?.idType)) {
    const doc = current.get(type);
    const label = kycDocumentTypeLabels[type];
    if (!doc) missing.push({ step: 'documents', documentType: type, message: `Upload your ${label.replace(/^./, (c) => c.toLowerCase())}.` });
    else if (doc.status === 'rejected') {
      missing.push({ step: 'documents', documentType: type, message: `Upload a new ${label.toLowerCase()}: ${doc.rejectionReason ?? 'the last one was rejected'}.` });
    }
  }
  const requested = app?.requestedDocuments;
  if (requested) {
    const since = new Date(requested.requestedAt).getTime();
    for (const type of requested.types) {
      const doc = current.get(type);
      if (missing.some((m) => m.documentType === type)) continue;
      if (!doc || doc.uploadedAt.getTime() < since || doc.status === 'rejected') {
        missing.push({ step: 'documents', documentType: type, message: `Upload the ${kycDocumentTypeLabels[type].toLowerCase()} we asked for.` });
      }
    }
  }
  if (!app?.address) missing.push({ step: 'address', message: 'Fill in your address.' });
  if (!app?.financial) missing.push({ step: 'financial', message: 'Fill in your financial information.' });
  return missing;
}

async function buildApplicationJson(db: Db, userId: string, app: ApplicationRow | null, fallbackStatus: KycStatus, docs?: DocumentRow[]): Promise<KycApplicationJson> {
  const all = docs ?? (await documentsOf(db, userId));
  const current = all.filter((d) => !d.supersededAt);
  const status = app ? (app.status as KycStatus) : fallbackStatus;
  const missing = missingItems(app, current);
  const missingSteps = new Set(missing.map((m) => m.step));
  const submitted = status !== 'not_started' && status !== 'in_progress' && status !== 'rejected';
  const steps = Object.fromEntries(
    KYC_STEPS.map((step): [KycStep, { complete: boolean }] => {
      if (step === 'review') return [step, { complete: submitted }];
      // Which ID documents are needed is known only once the personal step says which ID it is.
      const known = step !== 'documents' || !!app?.personal;
      return [step, { complete: submitted || (app !== null && known && !missingSteps.has(step)) }];
    }),
  ) as KycApplicationJson['steps'];
  const rejectedDocs = status === 'rejected' ? current.filter((d) => d.status === 'rejected') : [];
  const [annualLimit, usage] = await Promise.all([getRetailAnnualLimitFils(db), retailUsage(db, userId)]);
  const classification = (app?.classification ?? null) as KycApplicationJson['classification'];
  const appliesToYou = classification !== 'professional';
  const used = BigInt(usage.used);
  return {
    userId,
    status,
    editable: isKycEditable(status),
    steps,
    personal: app?.personal ?? null,
    address: app?.address ?? null,
    financial: app?.financial ?? null,
    documents: current.map(documentJson),
    requiredDocuments: requiredDocumentTypes(app?.personal?.idType),
    missing: status === 'approved' ? [] : missing,
    declarationAcceptedAt: iso(app?.declarationAcceptedAt),
    submittedAt: iso(app?.submittedAt),
    decidedAt: iso(app?.decidedAt),
    rejection:
      status === 'rejected' && app?.rejectionReason
        ? {
            reason: app.rejectionReason,
            documents: rejectedDocs.map((d) => ({ id: d.id, type: d.type as KycDocumentType, reason: d.rejectionReason ?? '' })),
          }
        : null,
    requestedDocuments: status === 'rejected' ? (app?.requestedDocuments ?? null) : null,
    classification,
    retailLimit: {
      annualLimit: annualLimit.toString(),
      appliesToYou,
      used: used.toString(),
      remaining: appliesToYou ? (annualLimit > used ? annualLimit - used : 0n).toString() : null,
    },
    updatedAt: iso(app?.updatedAt),
  };
}

/** GET /api/kyc: the investor's application; someone who never started reads as 'not_started'. */
export async function getApplication(db: Db, userId: string): Promise<KycApplicationJson> {
  const [user] = await db.select({ kycStatus: users.kycStatus }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('There is no such user.', 'user_not_found');
  const app = await applicationRow(db, userId);
  return buildApplicationJson(db, userId, app, statusOfUser(user.kycStatus));
}

// ——— Status changes ———

async function changeStatus(tx: Db, userId: string, from: KycStatus | null, to: KycStatus, actorId: string | null, note: string | null, extra: Partial<typeof kycApplications.$inferInsert> = {}) {
  await tx
    .update(kycApplications)
    .set({ ...extra, status: to, updatedAt: sql`now()` })
    .where(eq(kycApplications.userId, userId));
  await tx.update(users).set({ kycStatus: to, updatedAt: sql`now()` }).where(eq(users.id, userId));
  await tx.insert(kycStatusHistory).values({ userId, fromStatus: from, toStatus: to, actorId, note });
}

function lockedError(status: KycStatus) {
  if (status === 'approved') return new AppError(409, 'kyc_locked', kycMessages.approvedLocked);
  return new AppError(409, 'kyc_locked', kycMessages.locked);
}

/**
 * The application, locked for this transaction and open for editing: created (not_started → in_progress)
 * on the first save; 409 kyc_locked while it waits for or has passed review.
 */
async function editableApplication(tx: Db, userId: string): Promise<ApplicationRow> {
  let app = await applicationRow(tx, userId, true);
  if (!app) {
    const [user] = await tx.select({ kycStatus: users.kycStatus }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound('There is no such user.', 'user_not_found');
    const before = statusOfUser(user.kycStatus);
    if (!isKycEditable(before)) throw lockedError(before);
    const inserted = await tx.insert(kycApplications).values({ userId, status: 'in_progress' }).onConflictDoNothing().returning();
    if (inserted.length) {
      await tx.update(users).set({ kycStatus: 'in_progress', updatedAt: sql`now()` }).where(eq(users.id, userId));
      await tx.insert(kycStatusHistory).values({ userId, fromStatus: before, toStatus: 'in_progress', actorId: userId, note: null });
    }
    app = await applicationRow(tx, userId, true);
    if (!app) throw new Error(`kyc: could not create the application of ${userId}`);
  }
  const status = app.status as KycStatus;
  if (!isKycEditable(status)) throw lockedError(status);
  return app;
}

async function afterChange<T>(userId: string, work: Promise<T>): Promise<T> {
  const result = await work;
  forgetCachedSessions({ userId });
  return result;
}

// ——— Investor: steps ———

export type StepInput =
  | { step: 'personal'; data: KycPersonal }
  | { step: 'address'; data: KycAddress }
  | { step: 'financial'; data: KycFinancial };

/** PUT /api/kyc/{personal,address,financial}: saves one step (already validated by its contract schema). */
export async function saveStep(db: Db, userId: string, input: StepInput): Promise<KycApplicationJson> {
  return afterChange(
    userId,
    db.transaction(async (tx) => {
      await editableApplication(tx as unknown as Db, userId);
      const set: Partial<typeof kycApplications.$inferInsert> = { updatedAt: sql`now()` as unknown as Date };
      if (input.step === 'personal') {
        Object.assign(set, { personal: input.data, legalName: kycFullName(input.data), idNumber: input.data.idNumber, nationality: input.data.nationality });
      } else if (input.step === 'address') {
        set.address = input.data;
      } else {
        Object.assign(set, { financial: input.data, classification: input.data.classification });
      }
      await tx.update(kycApplications).set(set).where(eq(kycApplications.userId, userId));
      const app = await applicationRow(tx as unknown as Db, userId);
      return buildApplicationJson(tx as unknown as Db, userId, app, 'in_progress');
    }),
  );
}

/** A file name from the user, for display only: no path, no control characters, at most 120 characters. */
export function displayName(name: string | null | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '').trim().slice(0, 120);
  return clean && clean !== '.' && clean !== '..' ? clean : null;
}

/**
 * POST /api/kyc/documents: stores one document (content-checked and encrypted by modules/files) and makes
 * it the current one of its type, superseding the previous upload.
 */
export async function uploadDocument(db: Db, userId: string, input: { type: KycDocumentType; bytes: Uint8Array; originalName?: string | null }): Promise<KycDocumentJson> {
  return afterChange(
    userId,
    db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await editableApplication(t, userId);
      const file = await storeFile(t, { ownerId: userId, purpose: 'kyc_document', bytes: input.bytes });
      await tx
        .update(kycDocuments)
        .set({ supersededAt: sql`now()` })
        .where(and(eq(kycDocuments.userId, userId), eq(kycDocuments.type, input.type), isNull(kycDocuments.supersededAt)));
      const [doc] = await tx
        .insert(kycDocuments)
        .values({ userId, type: input.type, fileId: file.id, originalName: displayName(input.originalName), uploadedAt: sql`clock_timestamp()` as unknown as Date })
        .returning();
      await tx.update(kycApplications).set({ updatedAt: sql`now()` }).where(eq(kycApplications.userId, userId));
      return documentJson({ ...doc, contentType: file.contentType, size: file.size, width: file.width, height: file.height });
    }),
  );
}

const maxRisk = (a: KycRiskLevel, b: KycRiskLevel): KycRiskLevel => {
  const order: KycRiskLevel[] = ['low', 'medium', 'high'];
  return order[Math.max(order.indexOf(a), order.indexOf(b))];
};

/**
 * POST /api/kyc/submit: every step complete and the declaration accepted (else 422 kyc_incomplete with
 * the list), then sanctions/PEP screening, then submitted (or resubmitted after a rejection).
 */
export async function submitApplication(db: Db, userId: string, input: { declaration: boolean }): Promise<KycApplicationJson> {
  return afterChange(
    userId,
    db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const app = await applicationRow(t, userId, true);
      const [user] = await tx.select().from(users).where(eq(users.id, userId));
      if (!user) throw notFound('There is no such user.', 'user_not_found');
      const status = app ? (app.status as KycStatus) : statusOfUser(user.kycStatus);
      if (status === 'approved') throw new AppError(409, 'kyc_locked', kycMessages.approvedLocked);
      if ((KYC_PENDING_REVIEW_STATUSES as readonly string[]).includes(status)) {
        throw new AppError(409, 'kyc_already_submitted', 'Your verification is already submitted and waiting for review.');
      }
      const docs = app ? await documentsOf(t, userId) : [];
      const missing = missingItems(app, docs);
      if (!input.declaration) missing.push({ step: 'review', field: 'declaration', message: kycMessages.declaration });
      if (!app || missing.length) {
        throw new AppError(422, 'kyc_incomplete', `Complete these before submitting: ${missing.map((m) => m.message.replace(/\.$/, '')).join('; ')}.`, { missing });
      }
      const personal = app.personal!;
      const fullName = kycFullName(personal);
      const screening = await screenApplicant(t, { userId, fullName, dateOfBirth: personal.dateOfBirth, nationality: personal.nationality });
      // A self-declared politically exposed person needs enhanced due diligence: at least medium risk.
      const riskLevel = app.financial?.politicallyExposed ? maxRisk(screening.risk, 'medium') : screening.risk;
      const to: KycStatus = status === 'rejected' ? 'resubmitted' : 'submitted';
      await changeStatus(t, userId, status, to, userId, null, {
        declarationAcceptedAt: sql`now()` as unknown as Date,
        submittedAt: sql`now()` as unknown as Date,
        firstSubmittedAt: app.firstSubmittedAt ?? (sql`now()` as unknown as Date),
        reviewStartedAt: null,
        decidedAt: null,
        decidedBy: null,
        rejectionReason: null,
        requestedDocuments: null,
        riskLevel,
        flagged: screening.flagged,
        screeningHits: screening.hits,
        screenedAt: new Date(screening.screenedAt),
      });
      await notifyAdmins(t, {
        kind: 'kyc_submitted',
        title: to === 'resubmitted' ? `KYC resubmitted: ${fullName}` : `New KYC application: ${fullName}`,
        body: `${fullName} (${user.unicode}) ${to === 'resubmitted' ? 'resubmitted their' : 'submitted an'} identity verification. Risk: ${riskLevel}${screening.flagged ? ', screening match — review the hits before deciding' : ''}.`,
        link: `/admin/kyc?application=${userId}`,
      });
      return buildApplicationJson(t, userId, await applicationRow(t, userId), to);
    }),
  );
}

// ——— Admin ———

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
