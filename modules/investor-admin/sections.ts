/**
 * The paged sections of one investor's story. Each section is one small query over an index on user_id
 * (or the audit log's entity/actor indexes) with its count, so a long history never loads at once.
 * Amounts are fils as text; times are ISO strings.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { sqlRows } from '@api/list';
import { SHARE_SCALE } from '../properties/contract';
import type { UserSection, UserSectionPage } from './contract';

type SectionSql = { count: (id: string) => SQL; page: (id: string) => SQL };

const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** Audit entries about the user: the account itself, what they did, and actions naming them in their details. */
export const auditAbout = (id: string) => sql`(a.entity_id = ${id} or a.actor_id = ${id}::uuid or a.details->>'userId' = ${id})`;

export const SECTIONS: Record<UserSection, SectionSql> = {
  transactions: {
    count: (id) => sql`select count(*)::int as n from wallet_transactions where user_id = ${id}`,
    page: (id) => sql`select id, kind, amount::text as amount, balance_after::text as "balanceAfter", description, journal_reference as "journalReference", ${iso('created_at')} as "createdAt"
      from wallet_transactions where user_id = ${id} order by seq desc`,
  },
  holdings: {
    count: (id) => sql`select count(*)::int as n from holdings where user_id = ${id} and units > 0`,
    page: (id) => sql`select h.property_id as "propertyId", p.title as property, p.reference, h.units::text as units, h.cost::text as cost, ${iso('h.updated_at')} as "updatedAt"
      from holdings h join properties p on p.id = h.property_id where h.user_id = ${id} and h.units > 0 order by h.cost desc, p.title, h.property_id`,
  },
  orders: {
    count: (id) => sql`select (select count(*) from investments where user_id = ${id}) + (select count(*) from exchange_orders where user_id = ${id}) as n`,
    page: (id) => sql`select * from (
        select i.id, 'purchase' as kind, 'MZI-' || lpad(i.receipt_no::text, 6, '0') as reference, p.title as property, 'buy' as side,
               i.units::text as units, i.total::text as amount, i.status, ${iso('i.created_at')} as "createdAt", i.created_at as at
          from investments i join properties p on p.id = i.property_id where i.user_id = ${id}
        union all
        select o.id, 'exchange' as kind, 'ORD-' || lpad(o.number::text, 6, '0') as reference, p.title as property, o.side,
               o.units::text as units, (o.price * o.units / ${sql.raw(String(SHARE_SCALE))})::text as amount, o.status, ${iso('o.created_at')} as "createdAt", o.created_at as at
          from exchange_orders o join properties p on p.id = o.property_id where o.user_id = ${id}
      ) x order by at desc, id`,
  },
  sip: {
    count: (id) => sql`select count(*)::int as n from sip_plans where user_id = ${id}`,
    page: (id) => sql`select s.id, 'SIP-' || lpad(s.number::text, 6, '0') as reference, s.status, s.mode, s.amount::text as amount, s.day_of_month as "dayOfMonth",
        s.pause_reason as "pauseReason",
        (select count(*)::int from sip_instalments i where i.plan_id = s.id and i.status = 'collected') as collected,
        (select i.failure_reason from sip_instalments i where i.plan_id = s.id order by i.month desc limit 1) as "lastNote",
        ${iso('s.created_at')} as "createdAt"
      from sip_plans s where s.user_id = ${id} order by s.created_at desc, s.id`,
  },
  distributions: {
    count: (id) => sql`select count(*)::int as n from distribution_lines l join distribution_runs r on r.id = l.run_id where l.user_id = ${id} and r.status = 'paid'`,
    page: (id) => sql`select r.id, 'DIST-' || lpad(r.number::text, 6, '0') as reference, p.title as property, r.period, l.units::text as units,
        l.amount::text as amount, l.fee_netted::text as "feeNetted", l.reinvested::text as reinvested, ${iso('r.paid_at')} as "paidAt"
      from distribution_lines l join distribution_runs r on r.id = l.run_id join properties p on p.id = r.property_id
      where l.user_id = ${id} and r.status = 'paid' order by r.paid_at desc, r.id`,
  },
  notifications: {
    count: (id) => sql`select count(*)::int as n from notifications where user_id = ${id}`,
    page: (id) => sql`select n.id, n.kind, n.title, n.body, n.link, ${iso('n.created_at')} as "createdAt",
        exists (select 1 from notification_reads r where r.notification_id = n.id and r.user_id = ${id}) as read
      from notifications n where n.user_id = ${id} order by n.created_at desc, n.id`,
  },
  sessions: {
    count: (id) => sql`select count(*)::int as n from sessions where user_id = ${id} and expires_at > now()`,
    page: (id) => sql`select left(id_hash, 12) as id, ip, user_agent as "userAgent", mfa_pending as "mfaPending", ${iso('created_at')} as "createdAt",
        ${iso('last_seen_at')} as "lastSeenAt", ${iso('expires_at')} as "expiresAt"
      from sessions where user_id = ${id} and expires_at > now() order by last_seen_at desc, id_hash`,
  },
  audit: {
    count: (id) => sql`select count(*)::int as n from audit_log a where ${auditAbout(id)}`,
    page: (id) => sql`select a.id::text as id, a.action, a.actor_label as "actorLabel", a.summary, a.details->>'reason' as reason, a.ip, ${iso('a.at')} as "createdAt"
      from audit_log a where ${auditAbout(id)} order by a.at desc, a.id desc`,
  },
};

export async function sectionCount(db: Db, id: string, section: UserSection): Promise<number> {
  const [row] = await sqlRows<{ n: number | string }>(db, SECTIONS[section].count(id));
  return Number(row?.n ?? 0);
}

/** One page of a section, with its total. */
export async function listSection(db: Db, id: string, section: UserSection, limit: number, offset: number): Promise<UserSectionPage> {
  const [items, total] = await Promise.all([
    sqlRows<Record<string, string | number | boolean | null>>(db, sql`${SECTIONS[section].page(id)} limit ${limit} offset ${offset}`),
    sectionCount(db, id, section),
  ]);
  return { items: items.map(({ at: _at, ...rest }) => rest), total };
}

/** Every row of a section, in pages (the data export). */
export async function allOfSection(db: Db, id: string, section: UserSection): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await sqlRows<Record<string, unknown>>(db, sql`${SECTIONS[section].page(id)} limit 1000 offset ${offset}`);
    out.push(...page.map(({ at: _at, ...rest }) => rest));
    if (page.length < 1000) return out;
  }
}
