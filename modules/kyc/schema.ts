import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { storedFiles } from '../files/schema';
import type { KycAddress, KycDocumentType, KycFinancial, KycPersonal, KycScreeningHitJson } from './contract';

const statusList = sql.raw(`('not_started', 'in_progress', 'submitted', 'under_review', 'approved', 'rejected', 'resubmitted')`);

/*
 * One KYC application per investor, created when they first save a step or upload a document. Its status
 * is mirrored to users.kyc_status in the same transaction (GET /api/auth/me reads that). Step answers are
 * kept as validated JSON; the few fields the admin queue filters and searches on are copied into columns.
 */
export const kycApplications = pgTable(
  'kyc_applications',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('in_progress'),
    personal: jsonb('personal').$type<KycPersonal>(),
    address: jsonb('address').$type<KycAddress>(),
    financial: jsonb('financial').$type<KycFinancial>(),
    /** Copied from the steps for the admin queue's search and filters. */
    legalName: text('legal_name'),
    idNumber: text('id_number'),
    nationality: text('nationality'),
    classification: text('classification'),
    declarationAcceptedAt: timestamp('declaration_accepted_at', { withTimezone: true }),
    firstSubmittedAt: timestamp('first_submitted_at', { withTimezone: true }),
    /** The latest submission (or resubmission). */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewStartedAt: timestamp('review_started_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** The reason of the latest rejection (cleared on resubmission). */
    rejectionReason: text('rejection_reason'),
    /** Set when an admin asked for more documents (cleared on resubmission). */
    requestedDocuments: jsonb('requested_documents').$type<{ types: KycDocumentType[]; message: string; requestedAt: string }>(),
    riskLevel: text('risk_level').notNull().default('low'),
    flagged: boolean('flagged').notNull().default(false),
    screeningHits: jsonb('screening_hits').$type<KycScreeningHitJson[]>().notNull().default([]),
    screenedAt: timestamp('screened_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('kyc_applications_status_idx').on(t.status, t.submittedAt),
    check('kyc_applications_status_check', sql`${t.status} in ${statusList}`),
    check('kyc_applications_risk_check', sql`${t.riskLevel} in ('low', 'medium', 'high')`),
    check('kyc_applications_classification_check', sql`${t.classification} is null or ${t.classification} in ('retail', 'professional')`),
  ],
);

/**
 * The documents an investor uploaded. A new upload of a type supersedes the current one of that type
 * (kept, with superseded_at set, for the record); at most one current document per user and type.
 */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    status: text('status').notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    /** The name on the uploader's device, cleaned, for display only. */
    originalName: text('original_name'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('kyc_documents_current_unique').on(t.userId, t.type).where(sql`${t.supersededAt} is null`),
    index('kyc_documents_uploaded_idx').on(t.uploadedAt),
    check(
      'kyc_documents_type_check',
      sql`${t.type} in ('emirates_id_front', 'emirates_id_back', 'passport', 'proof_of_address', 'selfie', 'supporting')`,
    ),
    check('kyc_documents_status_check', sql`${t.status} in ('pending', 'accepted', 'rejected')`),
  ],
);

/** Every status change of an application: who, when, from what to what, and why. */
export const kycStatusHistory = pgTable(
  'kyc_status_history',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('kyc_status_history_user_idx').on(t.userId, t.createdAt)],
);
