/**
 * KYC: the investor's application (steps, documents, submission) and the admins' review of it.
 * The status machine is described in ./contract.ts. Every change of status happens in one transaction
 * with the row lock on the application, writes users.kyc_status (what /api/auth/me reports) and a history
 * row; callers forget the user's cached sessions once it has committed.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { forgetCachedSessions } from '../auth';
import { users } from '../auth/schema';
import { fileUrl, storeFile } from '../files';
import { storedFiles } from '../files/schema';
import { notifyAdmins } from '../notifications';
import { getRetailAnnualLimitFils } from '../settings';
import {
  isKycEditable,
  KYC_PENDING_REVIEW_STATUSES,
  KYC_STATUSES,
  KYC_STEPS,
  kycDocumentTypeLabels,
  kycFullName,
  kycMessages,
  personalInput,
  requiredDocumentTypes,
  type KycAddress,
  type KycApplicationJson,
  type KycDocumentJson,
  type KycDocumentStatus,
  type KycDocumentType,
  type KycFinancial,
  type KycMissingItem,
  type KycPersonal,
  type KycRiskLevel,
  type KycStatus,
  type KycStep,
} from './contract';
import { kycApplications, kycDocuments, kycStatusHistory } from './schema';
import { screenApplicant } from './screening';
import { retailUsage } from './retail-usage';

export type ApplicationRow = typeof kycApplications.$inferSelect;
export type Actor = { id: string; ip?: string | null };

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

export async function documentsOf(db: Db, userId: string, opts: { includeSuperseded?: boolean } = {}): Promise<DocumentRow[]> {
  return db
    .select(documentColumns)
    .from(kycDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, kycDocuments.fileId))
    .where(opts.includeSuperseded ? eq(kycDocuments.userId, userId) : and(eq(kycDocuments.userId, userId), isNull(kycDocuments.supersededAt)))
    .orderBy(desc(kycDocuments.uploadedAt));
}

export async function applicationRow(db: Db, userId: string, lock = false): Promise<ApplicationRow | null> {
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

export async function buildApplicationJson(db: Db, userId: string, app: ApplicationRow | null, fallbackStatus: KycStatus, docs?: DocumentRow[]): Promise<KycApplicationJson> {
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

export async function changeStatus(tx: Db, userId: string, from: KycStatus | null, to: KycStatus, actorId: string | null, note: string | null, extra: Partial<typeof kycApplications.$inferInsert> = {}) {
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

export async function afterChange<T>(userId: string, work: Promise<T>): Promise<T> {
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
