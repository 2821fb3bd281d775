/** Shared set-up for the distributions suites (not a test file itself). */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { createApp } from '@api/app';
import type { Database } from '@db/client';
import type { TestClient } from '@tests/helpers/client';
import type { ReconciliationJson } from '@modules/investing/contract';
import { clientWith, createInvestor, createProperty, fundWallet } from '@modules/investing/test-helpers';
import type { createSandboxProvider } from '@modules/payments';
import { addMonths, monthEnd, monthStart, todayInDubai } from '@modules/platform/dates';
import { q } from '@modules/wallet';

/** AED 1,000 a share: the test properties' price. */
export const PRICE = 100_000n;

export const current = () => todayInDubai().slice(0, 7);
export const periodBefore = (n: number) => addMonths(monthStart(todayInDubai()), -n).slice(0, 7);
export const lastDay = (period: string) => monthEnd(`${period}-01`);

type Ctx = () => { database: Database; app: ReturnType<typeof createApp>; admin: TestClient; provider: ReturnType<typeof createSandboxProvider> };

export function distributionFixtures(ctx: Ctx) {
  const db = () => ctx().database.db;

  const investor = async (fils: bigint) => {
    const inv = await createInvestor(db());
    if (fils > 0n) await fundWallet(db(), inv.id, (fils * 10_000n) / (10_000n - 53n) + 100n, ctx().provider);
    return { ...inv, client: clientWith(ctx().app, inv.token) };
  };

  /**
   * A property of 1,000 shares at AED 1,000 whose holders buy `shares` each through the API, their purchases
   * dated four months ago (so they held units at the end of every recent month).
   */
  const holdersOf = async (shares: bigint[], opts: { status?: string; extraFils?: bigint } = {}) => {
    const property = await createProperty(db(), { shares: 1000n, sharePrice: PRICE });
    const people = [];
    const fourMonthsAgo = `${addMonths(monthStart(todayInDubai()), -4)}T08:00:00Z`;
    for (const s of shares) {
      const inv = await investor(s * PRICE + (opts.extraFils ?? 100_000n));
      if (s > 0n) {
        const r = await inv.client.json<{ id: string; units: string }>('POST', '/api/investments', { propertyId: property.id, amount: (s * PRICE).toString() });
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        await db().execute(sql`update investments set created_at = ${fourMonthsAgo}::timestamptz where id = ${r.body.id}`);
      }
      people.push(inv);
    }
    if (opts.status) await db().execute(sql`update properties set status = ${opts.status} where id = ${property.id}`);
    return { property, people };
  };

  const available = async (userId: string) => {
    const [w] = await q<{ a: string }>(db(), sql`select (balance - held)::text as a from wallets where user_id = ${userId}`);
    return BigInt(w?.a ?? '0');
  };

  const record = async (propertyId: string, body: Record<string, unknown>, expected = 201) => {
    const r = await ctx().admin.json('POST', `/api/admin/property-books/${propertyId}/records`, body);
    expect(r.status, JSON.stringify(r.body)).toBe(expected);
    return r.body;
  };

  const reconcile = async () => {
    const r = await ctx().admin.json<ReconciliationJson>('GET', '/api/admin/reconciliation');
    expect(r.status).toBe(200);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ ok: true, difference: '0', sharesDifference: '0', ledgerBalanced: true });
    const [trial] = await q<{ d: string; c: string }>(db(), sql`select coalesce(sum(debit), 0)::text as d, coalesce(sum(credit), 0)::text as c from ledger_journal_lines`);
    expect(trial.d).toBe(trial.c);
  };

  /** The lines of the journal entry a document posted: [account code, debit, credit, property]. */
  const entryFor = async (module: string, id: string) =>
    q<{ code: string; debit: string; credit: string; property: string | null }>(
      db(),
      sql`select a.code, l.debit::text, l.credit::text, l.property from ledger_journal_lines l join ledger_accounts a on a.id = l.account_id
            join ledger_journal_entries e on e.id = l.entry_id where e.source_module = ${module} and e.source_id = ${id} order by l.line_no`,
    );

  /** Σ debit − credit of an account (and its sub-accounts when it is a group). */
  const balanceOf = async (code: string, property?: string) => {
    const [r] = await q<{ b: string }>(
      db(),
      sql`select coalesce(sum(l.debit - l.credit), 0)::text as b from ledger_journal_lines l join ledger_accounts a on a.id = l.account_id
           where a.code = ${code}${property ? sql` and l.property = ${property}` : sql``}`,
    );
    return BigInt(r.b);
  };

  /** Row counts and sums that a refused request must not move. */
  const snapshot = async () => {
    const [r] = await q<Record<string, string>>(
      db(),
      sql`select (select count(*) from property_ledger_records)::text as records,
                 (select count(*) from property_ledger_records where reversed_at is not null)::text as reversed,
                 (select count(*) from property_months)::text as months,
                 (select coalesce(sum(reserve_bps), 0) from property_reserve_policies)::text as reserves,
                 (select count(*) from distribution_runs)::text as runs,
                 (select string_agg(status, ',' order by id) from distribution_runs)::text as statuses,
                 (select count(*) from distribution_lines)::text as lines,
                 (select count(*) from distribution_preferences)::text as prefs,
                 (select coalesce(sum(balance), 0) from wallets)::text as wallets,
                 (select count(*) from wallet_transactions)::text as movements,
                 (select count(*) from ledger_journal_entries)::text as entries,
                 (select count(*) from investments)::text as investments,
                 (select count(*) from platform_fee_collections)::text as collections`,
    );
    return r;
  };

  return { investor, holdersOf, available, record, reconcile, entryFor, balanceOf, snapshot };
}
