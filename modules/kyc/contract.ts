import { z } from 'zod';
import { kycMessages, optionalText } from './rules-contract';
import { InvestorClassification, KYC_DOCUMENT_STATUSES, KYC_DOCUMENT_TYPES, KycAddress, KycDocumentStatus, KycDocumentType, KycFinancial, KycMissingItem, KycPersonal, documentTypeSchema } from './steps-contract';
import type { ScreeningHit } from './screening-contract';

/*
 * KYC (identity verification): the contract shared by the /kyc screens, the admin review screens and the
 * API. Browser-safe: zod and plain functions only. Every validation message lives here, once.
 *
 * Investor API (auth: investor or admin acting on their own application)
 *   GET  /api/kyc                     → KycApplicationJson (an application that was never started reads as status 'not_started')
 *   PUT  /api/kyc/personal            personalInput   → KycApplicationJson
 *   PUT  /api/kyc/address             addressInput    → KycApplicationJson
 *   PUT  /api/kyc/financial           financialInput  → KycApplicationJson
 *   POST /api/kyc/documents           multipart: type (KycDocumentType), file (JPEG/PNG/PDF ≤ 10 MB) → 201 KycDocumentJson
 *   POST /api/kyc/submit              submitInput { declaration: true } → KycApplicationJson;
 *                                     422 { error: 'kyc_incomplete', missing: KycMissingItem[] } when something is missing
 *   GET  /api/files/:fileId           the document itself (owner and admins only; 401 visitor, 403 anyone else)
 *
 * Admin API (auth: admin; 401 visitor, 403 investor)
 *   GET  /api/admin/kyc               adminKycListQuery (./admin-list-contract.ts) → { items: AdminKycListItem[], total }; /export → CSV
 *   GET  /api/admin/kyc/:userId       → AdminKycDetail (read only: opening it does not change the status)
 *   POST /api/admin/kyc/:userId/start-review       submitted|resubmitted → under_review
 *   POST /api/admin/kyc/:userId/approve            approveInput  → AdminKycDetail
 *   POST /api/admin/kyc/:userId/reject             rejectInput   → AdminKycDetail
 *   POST /api/admin/kyc/:userId/request-documents  requestDocumentsInput → AdminKycDetail
 *   GET  /api/admin/documents         adminDocumentsQuery (./admin-list-contract.ts) → { items: AdminDocumentListItem[], total }; /export → CSV
 *
 * Status machine (users.kyc_status mirrors the application's status, so GET /api/auth/me follows it):
 *   not_started → in_progress      the first step saved or the first document uploaded
 *   in_progress → submitted        POST /api/kyc/submit with every step complete and the declaration accepted
 *   submitted | resubmitted → under_review   an admin starts the review (start-review; approve/reject/request-documents
 *                                            on a submitted application pass through under_review, recorded in the history)
 *   under_review → approved        approveInput (a screening-flagged application needs override: true and a reason)
 *   under_review → rejected        rejectInput: a reason, and optionally a reason per document
 *   under_review → rejected        request-documents: the same 'rejected' status with `requestedDocuments` set —
 *                                  the investor sees "action needed", uploads what was asked for and submits again
 *   rejected → resubmitted         POST /api/kyc/submit after fixing what was asked (editing is open again while rejected)
 * Steps and documents can be edited while not_started, in_progress or rejected; while submitted, resubmitted,
 * under_review or approved every PUT and upload answers 409 { error: 'kyc_locked' }.
 */

export const KYC_STATUSES = ['not_started', 'in_progress', 'submitted', 'under_review', 'approved', 'rejected', 'resubmitted'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const kycStatusLabels: Record<KycStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  submitted: 'Submitted',
  under_review: 'Under review',
  approved: 'Verified',
  rejected: 'Action needed',
  resubmitted: 'Resubmitted',
};

/** Statuses in which the investor may change their answers and documents. */
export const KYC_EDITABLE_STATUSES: readonly KycStatus[] = ['not_started', 'in_progress', 'rejected'];
/** Statuses waiting for an admin decision. */
export const KYC_PENDING_REVIEW_STATUSES: readonly KycStatus[] = ['submitted', 'resubmitted', 'under_review'];
export const isKycEditable = (status: string) => (KYC_EDITABLE_STATUSES as readonly string[]).includes(status);

/** The screens, in order. `review` is complete once the application is submitted. */
export const KYC_STEPS = ['personal', 'documents', 'address', 'financial', 'review'] as const;
export type KycStep = (typeof KYC_STEPS)[number];
export const kycStepLabels: Record<KycStep, string> = {
  personal: 'Personal information',
  documents: 'Documents',
  address: 'Address',
  financial: 'Financial information',
  review: 'Review and submit',
};
export const kycStepPaths: Record<KycStep, string> = {
  personal: '/kyc/personal',
  documents: '/kyc/documents',
  address: '/kyc/address',
  financial: '/kyc/financial',
  review: '/kyc/review',
};

// ---------------------------------------------------------------------------------------------------
// Admin decisions.

export const approveInput = z
  .object({
    note: optionalText(1000, 'The note can be at most 1,000 characters'),
    /** Required (true) to approve an application whose screening flagged it. */
    override: z.boolean({ error: 'override must be true or false' }).optional().default(false),
    overrideReason: optionalText(1000, kycMessages.overrideReason),
  })
  .superRefine((v, ctx) => {
    if (v.override && (!v.overrideReason || v.overrideReason.length < 10)) {
      ctx.addIssue({ code: 'custom', path: ['overrideReason'], message: kycMessages.overrideReason });
    }
  });
export type KycApproveInput = z.input<typeof approveInput>;

export const rejectInput = z.object({
  reason: z.string({ error: kycMessages.rejectReason }).trim().min(10, kycMessages.rejectReason).max(2000, kycMessages.rejectReason),
  /** Per-document reasons: these documents become 'rejected'; the investor must upload each type again. */
  documents: z
    .array(
      z.object({
        id: z.uuid({ error: 'Each rejected document needs its id' }),
        reason: z.string({ error: kycMessages.documentReason }).trim().min(3, kycMessages.documentReason).max(500, kycMessages.documentReason),
      }),
      { error: 'documents must be a list of { id, reason }' },
    )
    .max(20, 'Reject at most 20 documents at once')
    .optional()
    .default([]),
});
export type KycRejectInput = z.input<typeof rejectInput>;

/**
 * Ask for more documents: the application goes to 'rejected' (shown to the investor as "Action needed")
 * with `requestedDocuments` set; the investor uploads each requested type and submits again (→ resubmitted).
 */
export const requestDocumentsInput = z.object({
  types: z
    .array(documentTypeSchema, { error: kycMessages.requestTypes })
    .min(1, kycMessages.requestTypes)
    .max(KYC_DOCUMENT_TYPES.length, kycMessages.requestTypes)
    .transform((v) => [...new Set(v)]),
  message: z.string({ error: kycMessages.requestMessage }).trim().min(10, kycMessages.requestMessage).max(1000, kycMessages.requestMessage),
});
export type KycRequestDocumentsInput = z.input<typeof requestDocumentsInput>;

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type KycRiskLevel = (typeof RISK_LEVELS)[number];
export const riskLevelLabels: Record<KycRiskLevel, string> = { low: 'Low', medium: 'Medium', high: 'High' };

// The admin list queries (GET /api/admin/kyc, /api/admin/documents) live in ./admin-list-contract.ts.

// ---------------------------------------------------------------------------------------------------
// Responses.

/** Timestamps are ISO 8601 strings; amounts are integer fils as strings. */
export type KycDocumentJson = {
  id: string;
  type: KycDocumentType;
  status: KycDocumentStatus;
  rejectionReason: string | null;
  fileId: string;
  /** The authorised download route (GET /api/files/:fileId): the owner and admins only. */
  url: string;
  contentType: 'image/jpeg' | 'image/png' | 'application/pdf';
  size: number;
  width: number | null;
  height: number | null;
  /** The name the file had on the uploader's device, for display only (never used on the filesystem). */
  originalName: string | null;
  uploadedAt: string;
  /** True once replaced by a newer upload of the same type (only in admin listings that ask for them). */
  superseded: boolean;
};

export type KycStepState = { complete: boolean };

export type KycApplicationJson = {
  userId: string;
  status: KycStatus;
  /** False while submitted, resubmitted, under review or approved. */
  editable: boolean;
  steps: Record<KycStep, KycStepState>;
  personal: KycPersonal | null;
  address: KycAddress | null;
  financial: KycFinancial | null;
  /** The current document of each type (superseded uploads are left out). */
  documents: KycDocumentJson[];
  requiredDocuments: KycDocumentType[];
  /** What is still needed before submitting (empty when ready). */
  missing: KycMissingItem[];
  declarationAcceptedAt: string | null;
  submittedAt: string | null;
  decidedAt: string | null;
  /** Set while status is 'rejected' after a rejection. */
  rejection: { reason: string; documents: { id: string; type: KycDocumentType; reason: string }[] } | null;
  /** Set while status is 'rejected' after an admin asked for more documents. */
  requestedDocuments: { types: KycDocumentType[]; message: string; requestedAt: string } | null;
  classification: InvestorClassification | null;
  /**
   * Retail investors' annual investment limit (a setting; AED 180,000 by default), fils as strings. Professional
   * investors have none (appliesToYou false, remaining null). `used`: purchases minus cancellations over the
   * last 12 months (from modules/investing).
   */
  retailLimit: { annualLimit: string; appliesToYou: boolean; used: string; remaining: string | null };
  updatedAt: string | null;
};

/** One sanctions/PEP list match (see modules/kyc/screening-contract.ts). */
export type KycScreeningHitJson = ScreeningHit;

export type KycScreeningJson = {
  riskLevel: KycRiskLevel;
  flagged: boolean;
  hits: KycScreeningHitJson[];
  screenedAt: string | null;
};

export type KycHistoryEntryJson = {
  id: string;
  from: KycStatus | null;
  to: KycStatus;
  at: string;
  actor: { id: string; name: string; role: 'admin' | 'investor' } | null;
  note: string | null;
};

export type AdminKycListItem = {
  userId: string;
  unicode: string;
  name: string;
  email: string;
  status: KycStatus;
  riskLevel: KycRiskLevel;
  flagged: boolean;
  nationality: string | null;
  classification: InvestorClassification | null;
  documentsCount: number;
  submittedAt: string | null;
  updatedAt: string;
  /** Whole days since submission (null when never submitted). */
  ageDays: number | null;
};

export type AdminKycDetail = {
  applicant: { id: string; unicode: string; email: string; firstName: string; lastName: string; phone: string | null; createdAt: string };
  application: KycApplicationJson;
  screening: KycScreeningJson;
  /** Every upload, newest first, including superseded ones. */
  documents: KycDocumentJson[];
  history: KycHistoryEntryJson[];
  /** The decisions this admin can take now. */
  actions: { startReview: boolean; approve: boolean; reject: boolean; requestDocuments: boolean };
  /** Approval needs override: true with a reason (the screening flagged the applicant). */
  approvalNeedsOverride: boolean;
};

export type AdminDocumentListItem = KycDocumentJson & {
  userId: string;
  unicode: string;
  userName: string;
  email: string;
  applicationStatus: KycStatus;
};

export type AdminListJson<T> = { items: T[]; total: number };

export * from './countries-contract';
export * from './rules-contract';
export * from './steps-contract';
