/**
 * Purchase requests: submitted by an administrator, approved or rejected, then turned into an order.
 * Above the purchase approval threshold (settings) only an administrator other than the requester may approve.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { allOf, allRows, orderSql, searchWhere, type CsvCell } from '@api/list';
import { recordAudit } from '@modules/audit';
import { todayInDubai } from '@modules/platform/dates';
import { formatAed, minorToDecimalString } from '@modules/platform/money';
import { getPurchaseApprovalThresholdFils } from '@modules/settings';
import {
  purchasingErrorCodes as codes,
  purchasingMessages as msg,
  quantityString,
  requestStatusLabels,
  type CreateRequestInput,
  type PurchaseRequestDetailJson,
  type PurchaseRequestJson,
  type RequestStatus,
  type requestsListQuery,
} from './contract';
import type { TaxCode } from '@modules/tax';
import { assertDimensions, instant, instantOrNull, dayOrNull, invalidState, isUuid, lineAmounts, nextNumber, rows, str } from './shared';
import { supplierRow } from './suppliers';
import { assertStockItems, type StockReceiver } from './stock-port';

export type RequestsListQuery = z.output<typeof requestsListQuery>;

type Row = {
  id: string;
  number: string;
  title: string;
  status: string;
  cost_center: string | null;
  property: string | null;
  supplier_id: string | null;
  supplier_name: string | null;
  needed_by: string | Date | null;
  notes: string;
  estimate_net: string;
  estimate_vat: string;
  estimate_total: string;
  requested_by: string | null;
  requested_by_email: string | null;
  decided_by_email: string | null;
  decided_at: string | Date | null;
  rejection_reason: string | null;
  po_id: string | null;
  po_number: string | null;
  created_at: string | Date;
};

const FROM = sql`purchase_requests r left join suppliers s on s.id = r.supplier_id left join users ru on ru.id = r.requested_by left join users du on du.id = r.decided_by
  left join lateral (select id, number from purchase_orders o where o.request_id = r.id and o.status <> 'cancelled' limit 1) po on true`;
const SELECT = sql`select r.id, r.number, r.title, r.status, r.cost_center, r.property, r.supplier_id, s.name as supplier_name, r.needed_by::text as needed_by, r.notes,
  r.estimate_net::text, r.estimate_vat::text, r.estimate_total::text, r.requested_by, ru.email as requested_by_email, du.email as decided_by_email, r.decided_at,
  r.rejection_reason, po.id as po_id, po.number as po_number, r.created_at from ${FROM}`;

const toJson = (r: Row, threshold: bigint): PurchaseRequestJson => ({
  id: r.id,
  number: r.number,
  title: r.title,
  status: r.status as RequestStatus,
  costCenter: r.cost_center,
  property: r.property,
  supplierId: r.supplier_id,
  supplierName: r.supplier_name,
  neededBy: dayOrNull(r.needed_by),
  notes: r.notes,
  estimateNet: str(r.estimate_net),
  estimateVat: str(r.estimate_vat),
  estimateTotal: str(r.estimate_total),
  needsSecondApprover: BigInt(r.estimate_total) > threshold,
  requestedById: r.requested_by,
  requestedBy: r.requested_by_email,
  decidedBy: r.decided_by_email,
  decidedAt: instantOrNull(r.decided_at),
  rejectionReason: r.rejection_reason,
  purchaseOrderId: r.po_id,
  purchaseOrderNumber: r.po_number,
  createdAt: instant(r.created_at),
});

export async function getRequest(db: Db, id: string): Promise<PurchaseRequestDetailJson> {
  if (!isUuid(id)) throw notFound(msg.requestNotFound, codes.requestNotFound);
  const [row] = await rows<Row>(db, sql`${SELECT} where r.id = ${id}`);
  if (!row) throw notFound(msg.requestNotFound, codes.requestNotFound);
  const [threshold, lines] = await Promise.all([
    getPurchaseApprovalThresholdFils(db),
    rows<{ id: string; line_no: number; description: string; quantity: string; unit_code: string; estimated_unit_price: string; tax_code: string; net: string; vat: string; stock_item_id: string | null }>(
      db,
      sql`select id, line_no, description, quantity::text, unit_code, estimated_unit_price::text, tax_code, net::text, vat::text, stock_item_id from purchase_request_lines where request_id = ${id} order by line_no`,
    ),
  ]);
  return {
    ...toJson(row, threshold),
    lines: lines.map((l) => ({
      id: l.id,
      lineNo: Number(l.line_no),
      description: l.description,
      quantity: quantityString(l.quantity),
      unitCode: l.unit_code,
      estimatedUnitPrice: str(l.estimated_unit_price),
      taxCode: l.tax_code as TaxCode,
      net: str(l.net),
      vat: str(l.vat),
      stockItemId: l.stock_item_id,
    })),
  };
}

export async function createRequest(db: Db, userId: string, input: CreateRequestInput, stock?: StockReceiver): Promise<PurchaseRequestDetailJson> {
  await assertDimensions(db, input);
  await assertStockItems(db, stock, input.lines);
  if (input.supplierId) await supplierRow(db, input.supplierId);
  const lines = input.lines.map((l, i) => ({ ...l, lineNo: i + 1, ...lineAmounts(l.quantity, l.estimatedUnitPrice, l.taxCode) }));
  const net = lines.reduce((s, l) => s + l.net, 0n);
  const vat = lines.reduce((s, l) => s + l.vat, 0n);
  const id = await db.transaction(async (tx) => {
    const number = await nextNumber(tx, 'PR', todayInDubai());
    const [row] = await rows<{ id: string }>(
      tx,
      sql`insert into purchase_requests (number, title, cost_center, property, supplier_id, needed_by, notes, estimate_net, estimate_vat, estimate_total, requested_by)
          values (${number}, ${input.title}, ${input.costCenter ?? null}, ${input.property ?? null}, ${input.supplierId ?? null}, ${input.neededBy ?? null}, ${input.notes},
                  ${net}, ${vat}, ${net + vat}, ${userId}) returning id`,
    );
    for (const l of lines) {
      await tx.execute(sql`insert into purchase_request_lines (request_id, line_no, description, quantity, unit_code, estimated_unit_price, tax_code, net, vat, stock_item_id)
        values (${row!.id}, ${l.lineNo}, ${l.description}, ${l.quantity}, ${l.unitCode}, ${l.estimatedUnitPrice}, ${l.taxCode}, ${l.net}, ${l.vat}, ${l.stockItemId ?? null})`);
    }
    await recordAudit(tx, {
      actorId: userId,
      action: 'purchasing.request.create',
      entityType: 'purchase_request',
      entityId: row!.id,
      summary: `Purchase request ${number} submitted: ${input.title}, estimated ${formatAed(net + vat, { decimals: 'auto' })}`,
    });
    return row!.id;
  });
  return getRequest(db, id);
}

type Locked = { id: string; number: string; title: string; status: string; requested_by: string | null; estimate_total: string };
export async function lockRequest(tx: Db, id: string): Promise<Locked> {
  if (!isUuid(id)) throw notFound(msg.requestNotFound, codes.requestNotFound);
  const [row] = await rows<Locked>(tx, sql`select id, number, title, status, requested_by, estimate_total::text from purchase_requests where id = ${id} for update`);
  if (!row) throw notFound(msg.requestNotFound, codes.requestNotFound);
  return row;
}

export async function approveRequest(db: Db, userId: string, id: string): Promise<PurchaseRequestDetailJson> {
  await db.transaction(async (tx) => {
    const r = await lockRequest(tx, id);
    if (r.status !== 'submitted') throw invalidState(msg.requestNotSubmitted(requestStatusLabels[r.status as RequestStatus]?.toLowerCase() ?? r.status));
    const threshold = await getPurchaseApprovalThresholdFils(tx);
    const estimate = BigInt(r.estimate_total);
    if (estimate > threshold && r.requested_by === userId) throw new AppError(403, codes.selfApproval, msg.selfApproval(threshold));
    await tx.execute(sql`update purchase_requests set status = 'approved', decided_by = ${userId}, decided_at = now() where id = ${r.id}`);
    await recordAudit(tx, {
      actorId: userId,
      action: 'purchasing.request.approve',
      entityType: 'purchase_request',
      entityId: r.id,
      summary: `Purchase request ${r.number} approved (${r.title}, ${formatAed(estimate, { decimals: 'auto' })})`,
      details: { estimate: estimate.toString(), threshold: threshold.toString(), ownRequest: r.requested_by === userId },
    });
  });
  return getRequest(db, id);
}

export async function rejectRequest(db: Db, userId: string, id: string, reason: string): Promise<PurchaseRequestDetailJson> {
  await db.transaction(async (tx) => {
    const r = await lockRequest(tx, id);
    if (r.status !== 'submitted') throw invalidState(msg.requestNotSubmitted(requestStatusLabels[r.status as RequestStatus]?.toLowerCase() ?? r.status));
    await tx.execute(sql`update purchase_requests set status = 'rejected', decided_by = ${userId}, decided_at = now(), rejection_reason = ${reason} where id = ${r.id}`);
    await recordAudit(tx, { actorId: userId, action: 'purchasing.request.reject', entityType: 'purchase_request', entityId: r.id, summary: `Purchase request ${r.number} rejected: ${reason}`, details: { reason } });
  });
  return getRequest(db, id);
}

function where(query: Partial<RequestsListQuery>): SQL {
  return (
    allOf(
      searchWhere(query.q, [sql`r.number`, sql`r.title`, sql`ru.email`, sql`r.cost_center`, sql`r.property`, sql`s.name`]),
      query.status && sql`r.status = ${query.status}`,
      query.costCenter && sql`r.cost_center = ${query.costCenter}`,
    ) ?? sql`true`
  );
}
const SORT = { createdAt: sql`r.created_at`, estimate: sql`r.estimate_total`, status: sql`r.status` };
const page = (db: Db, query: RequestsListQuery, limit: number, offset: number) => rows<Row>(db, sql`${SELECT} where ${where(query)} order by ${orderSql(query.sort, SORT, sql`r.id`)} limit ${limit} offset ${offset}`);

export async function listRequests(db: Db, query: RequestsListQuery): Promise<{ items: PurchaseRequestJson[]; total: number }> {
  const [items, [t], threshold] = await Promise.all([
    page(db, query, query.limit, query.offset),
    rows<{ n: number }>(db, sql`select count(*)::int as n from ${FROM} where ${where(query)}`),
    getPurchaseApprovalThresholdFils(db),
  ]);
  return { items: items.map((r) => toJson(r, threshold)), total: Number(t?.n ?? 0) };
}

export const REQUESTS_CSV_HEADER = ['Request', 'What for', 'Status', 'Requested by', 'Cost center', 'Property', 'Supplier', 'Estimate net (AED)', 'Estimate VAT (AED)', 'Estimate total (AED)', 'Decided by', 'Purchase order', 'Created'] as const;

export async function* requestCsvRows(db: Db, query: RequestsListQuery): AsyncGenerator<CsvCell[]> {
  const threshold = await getPurchaseApprovalThresholdFils(db);
  const dec = (s: string) => minorToDecimalString(BigInt(s));
  for await (const r of allRows((limit, offset) => page(db, query, limit, offset))) {
    const j = toJson(r, threshold);
    yield [j.number, j.title, requestStatusLabels[j.status], j.requestedBy, j.costCenter, j.property, j.supplierName, dec(j.estimateNet), dec(j.estimateVat), dec(j.estimateTotal), j.decidedBy, j.purchaseOrderNumber, j.createdAt];
  }
}
