/** Investments as the investor reads them: the row, its receipt number, one investment and the list. */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { notFound } from '@api/errors';
import { big, q } from '../wallet';
import { CANCELLATION_WINDOW_MS, investingErrorCodes as codes, investingMessages as msg, unitsToShares, type InvestmentJson, type InvestmentStatus } from './contract';
import { iso, isoOrNull, UUID } from './property-reads';

export type InvestmentSqlRow = {
  id: string;
  receipt_no: string;
  user_id: string;
  property_id: string;
  units: string;
  share_price: string;
  amount: string;
  principal: string;
  fee: string;
  vat: string;
  total: string;
  status: InvestmentStatus;
  wallet_balance_after: string;
  journal_reference: string | null;
  created_at: string | Date;
  cancelled_at: string | Date | null;
  p_reference: string;
  p_slug: string;
  p_title: string;
  p_city: string;
  p_community: string;
  p_status: string;
};

export const INVESTMENT_SELECT = sql`select i.id, i.receipt_no::text, i.user_id, i.property_id, i.units::text, i.share_price::text, i.amount::text,
  i.principal::text, i.fee::text, i.vat::text, i.total::text, i.status, i.wallet_balance_after::text, i.journal_reference, i.created_at, i.cancelled_at,
  p.reference as p_reference, p.slug as p_slug, p.title as p_title, p.city as p_city, p.community as p_community, p.status as p_status
  from investments i join properties p on p.id = i.property_id`;

export const receiptNumber = (n: bigint | string) => `MZI-${String(n).padStart(6, '0')}`;

export function investmentJson(r: InvestmentSqlRow, now = new Date()): InvestmentJson {
  const created = new Date(iso(r.created_at));
  const until = new Date(created.getTime() + CANCELLATION_WINDOW_MS);
  return {
    id: r.id,
    receiptNumber: receiptNumber(r.receipt_no),
    status: r.status,
    property: { id: r.property_id, reference: r.p_reference, slug: r.p_slug, title: r.p_title, city: r.p_city, community: r.p_community, status: r.p_status },
    units: big(r.units).toString(),
    shares: unitsToShares(big(r.units)),
    sharePrice: big(r.share_price).toString(),
    amount: big(r.amount).toString(),
    principal: big(r.principal).toString(),
    fee: big(r.fee).toString(),
    vat: big(r.vat).toString(),
    total: big(r.total).toString(),
    createdAt: created.toISOString(),
    cancellableUntil: until.toISOString(),
    cancellable: r.status === 'active' && now.getTime() <= until.getTime() && !['exited', 'closed'].includes(r.p_status),
    cancelledAt: isoOrNull(r.cancelled_at),
    refund: r.status === 'cancelled' ? big(r.total).toString() : null,
    journalReference: r.journal_reference,
    walletBalanceAfter: big(r.wallet_balance_after).toString(),
  };
}

export async function getInvestment(db: Db, userId: string | null, id: string): Promise<InvestmentJson> {
  if (!UUID.test(id)) throw notFound(msg.investmentNotFound, codes.investmentNotFound);
  const [row] = await q<InvestmentSqlRow>(db, sql`${INVESTMENT_SELECT} where i.id = ${id}${userId ? sql` and i.user_id = ${userId}` : sql``}`);
  if (!row) throw notFound(msg.investmentNotFound, codes.investmentNotFound);
  return investmentJson(row);
}

export async function listInvestments(db: Db, userId: string): Promise<InvestmentJson[]> {
  const rows = await q<InvestmentSqlRow>(db, sql`${INVESTMENT_SELECT} where i.user_id = ${userId} order by i.created_at desc limit 500`);
  const now = new Date();
  return rows.map((r) => investmentJson(r, now));
}
