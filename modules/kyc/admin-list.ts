/**
 * The KYC review queue (GET /api/admin/kyc) and the document center (GET /api/admin/documents) on the
 * one list contract: search, filters, sort and paging in SQL, and the CSV of the whole filtered set.
 */
import { eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { allOf, allRows, countAll, listPage, orderBy, searchWhere, type CsvCell } from '@api/list';
import { users } from '../auth/schema';
import { storedFiles } from '../files/schema';
import { parseSort, type ListResult } from '../platform/list';
import type { AdminKycListParams, AdminDocumentsParams } from './admin-list-contract';
import { KYC_PENDING_REVIEW_STATUSES, type AdminDocumentListItem, type AdminKycListItem, type KycRiskLevel, type KycStatus } from './contract';
import { kycApplications, kycDocuments } from './schema';
import { documentColumns, documentJson, statusOfUser } from './service';

// ——— The review queue ———

const fullName = sql<string>`coalesce(${kycApplications.legalName}, trim(${users.firstName} || ' ' || ${users.lastName}))`;
const riskRank = sql`case ${kycApplications.riskLevel} when 'high' then 3 when 'medium' then 2 else 1 end`;

const KYC_SORT = {
  createdAt: kycApplications.createdAt,
  submittedAt: kycApplications.submittedAt,
  updatedAt: kycApplications.updatedAt,
  name: sql`lower(${fullName})`,
  risk: riskRank,
};

/** What a person types: the legal or account name, email, unique ID (MZ-…), ID number. */
const kycWhere = (q: AdminKycListParams): SQL | undefined =>
  allOf(
    searchWhere(q.q, [kycApplications.legalName, users.firstName, users.lastName, users.email, users.unicode, kycApplications.idNumber]),
    q.status === 'pending' && inArray(kycApplications.status, [...KYC_PENDING_REVIEW_STATUSES]),
    q.status !== 'pending' && q.status !== 'all' && eq(kycApplications.status, q.status),
    q.risk && eq(kycApplications.riskLevel, q.risk),
    q.olderThanDays !== undefined && lte(kycApplications.submittedAt, sql`now() - make_interval(days => ${q.olderThanDays})`),
  );

/** Never-submitted applications stay at the end whichever way the submission time is sorted. */
const kycOrder = (q: AdminKycListParams): SQL[] => [
  ...(parseSort(q.sort).field === 'submittedAt' ? [sql`${kycApplications.submittedAt} is null`] : []),
  ...orderBy(q.sort, KYC_SORT, kycApplications.userId),
];

const kycPage = (db: Db, q: AdminKycListParams, limit: number, offset: number) =>
  db
    .select({
      userId: kycApplications.userId,
      unicode: users.unicode,
      name: fullName,
      email: users.email,
      status: kycApplications.status,
      riskLevel: kycApplications.riskLevel,
      flagged: kycApplications.flagged,
      nationality: kycApplications.nationality,
      classification: kycApplications.classification,
      submittedAt: kycApplications.submittedAt,
      updatedAt: kycApplications.updatedAt,
      documentsCount: sql<number>`(select count(*) from ${kycDocuments} d where d.user_id = ${kycApplications.userId} and d.superseded_at is null)`.mapWith(Number),
      ageDays: sql<number | null>`floor(extract(epoch from (now() - ${kycApplications.submittedAt})) / 86400)`.mapWith((v) => (v === null ? null : Number(v))),
    })
    .from(kycApplications)
    .innerJoin(users, eq(users.id, kycApplications.userId))
    .where(kycWhere(q))
    .orderBy(...kycOrder(q))
    .limit(limit)
    .offset(offset)
    .then((rows) =>
      rows.map(
        (r): AdminKycListItem => ({
          ...r,
          status: r.status as KycStatus,
          riskLevel: r.riskLevel as KycRiskLevel,
          classification: r.classification as AdminKycListItem['classification'],
          submittedAt: r.submittedAt ? r.submittedAt.toISOString() : null,
          updatedAt: r.updatedAt.toISOString(),
        }),
      ),
    );

/** GET /api/admin/kyc: the review queue, filtered, sorted and paged in the database. */
export async function listApplications(db: Db, q: AdminKycListParams): Promise<ListResult<AdminKycListItem>> {
  return listPage(
    kycPage(db, q, q.limit, q.offset),
    db.select({ n: countAll }).from(kycApplications).innerJoin(users, eq(users.id, kycApplications.userId)).where(kycWhere(q)).then(([r]) => r?.n ?? 0),
  );
}

export const KYC_CSV_HEADER = ['Name', 'Email', 'Unique ID', 'Status', 'Risk', 'Screening flagged', 'Nationality', 'Classification', 'Documents', 'Submitted (UTC)', 'Waiting (days)', 'Updated (UTC)'];

/** Every application of the same query, as CSV rows. */
export async function* kycCsvRows(db: Db, q: AdminKycListParams): AsyncGenerator<CsvCell[]> {
  for await (const r of allRows((limit, offset) => kycPage(db, q, limit, offset))) {
    yield [r.name, r.email, r.unicode, r.status, r.riskLevel, r.flagged ? 'Yes' : 'No', r.nationality, r.classification, r.documentsCount, r.submittedAt, r.ageDays, r.updatedAt];
  }
}

// ——— The document center ———

const DOCUMENT_SORT = {
  createdAt: kycDocuments.uploadedAt,
  type: kycDocuments.type,
  status: kycDocuments.status,
  name: sql`lower(${fullName})`,
  email: users.email,
};

/** What a person types: the owner's name, email or unique ID, the file name, the document type ("passport"). */
const documentWhere = (q: AdminDocumentsParams): SQL | undefined =>
  allOf(
    searchWhere(q.q, [users.firstName, users.lastName, kycApplications.legalName, users.email, users.unicode, kycDocuments.originalName, sql`replace(${kycDocuments.type}, '_', ' ')`]),
    !q.includeSuperseded && isNull(kycDocuments.supersededAt),
    q.userId && eq(kycDocuments.userId, q.userId),
    q.type && eq(kycDocuments.type, q.type),
    q.status && eq(kycDocuments.status, q.status),
  );

const documentPage = (db: Db, q: AdminDocumentsParams, limit: number, offset: number) =>
  db
    .select({ ...documentColumns, unicode: users.unicode, email: users.email, userName: fullName, applicationStatus: sql<string>`coalesce(${kycApplications.status}, ${users.kycStatus})` })
    .from(kycDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, kycDocuments.fileId))
    .innerJoin(users, eq(users.id, kycDocuments.userId))
    .leftJoin(kycApplications, eq(kycApplications.userId, kycDocuments.userId))
    .where(documentWhere(q))
    .orderBy(...orderBy(q.sort, DOCUMENT_SORT, kycDocuments.id))
    .limit(limit)
    .offset(offset)
    .then((rows) =>
      rows.map(
        (r): AdminDocumentListItem => ({ ...documentJson(r), userId: r.userId, unicode: r.unicode, userName: r.userName, email: r.email, applicationStatus: statusOfUser(r.applicationStatus) }),
      ),
    );

/** GET /api/admin/documents: every investor's documents, searchable and filterable. */
export async function listDocuments(db: Db, q: AdminDocumentsParams): Promise<ListResult<AdminDocumentListItem>> {
  return listPage(
    documentPage(db, q, q.limit, q.offset),
    db
      .select({ n: countAll })
      .from(kycDocuments)
      .innerJoin(users, eq(users.id, kycDocuments.userId))
      .leftJoin(kycApplications, eq(kycApplications.userId, kycDocuments.userId))
      .where(documentWhere(q))
      .then(([r]) => r?.n ?? 0),
  );
}

export const DOCUMENTS_CSV_HEADER = ['Uploaded (UTC)', 'Owner', 'Email', 'Unique ID', 'Application', 'Type', 'Status', 'Rejection reason', 'File name', 'Content type', 'Size (bytes)', 'Superseded'];

/** Every document of the same query, as CSV rows (metadata only: never the file). */
export async function* documentCsvRows(db: Db, q: AdminDocumentsParams): AsyncGenerator<CsvCell[]> {
  for await (const d of allRows((limit, offset) => documentPage(db, q, limit, offset))) {
    yield [d.uploadedAt, d.userName, d.email, d.unicode, d.applicationStatus, d.type, d.status, d.rejectionReason, d.originalName, d.contentType, d.size, d.superseded ? 'Yes' : 'No'];
  }
}
