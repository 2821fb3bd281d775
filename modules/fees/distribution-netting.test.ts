import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { LEDGER_ACCOUNTS } from '@modules/ledger';
import { createSandboxProvider } from '@modules/payments';
import { addDays, addMonths, dayInMonth, monthStart, todayInDubai } from '@modules/platform/dates';
import { big, q } from '@modules/wallet';
import type { ReconciliationJson } from '@modules/investing/contract';
import { clientWith, createProperty, moneyTestDatabase } from '@modules/investing/test-helpers';
import type { InvestorFeesJson } from './contract';
import { chargesOf, holder } from './test-helpers';

const THIS_MONTH = monthStart(todayInDubai());
const BUY = dayInMonth(addMonths(THIS_MONTH, -3), 2);
const LAST_MONTH = addMonths(THIS_MONTH, -1);

/** The fee and the distributions modules together: a fee the wallet could not pay is netted out of rent. */
describeEachDb('platform fee owed, then netted from a distribution', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let admin: TestClient;
  const provider = createSandboxProvider({ confirmAfterMs: null });
  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    app = createApp({ db: database.db, paymentProvider: provider });
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    provider.close();
    await database.close();
  });

  const receivable = async () => {
    const [r] = await q<{ ledger: string; owed: string }>(
      database.db,
      sql`select (select coalesce(sum(b.debit - b.credit), 0) from ledger_balances b join ledger_accounts a on a.id = b.account_id where a.code = ${LEDGER_ACCOUNTS.feesReceivable})::text as ledger,
                 (select coalesce(sum(outstanding), 0) from platform_fee_charges)::text as owed`,
    );
    expect(r!.ledger).toBe(r!.owed);
    return big(r!.owed);
  };
  const reconciled = async () => expect((await admin.json<ReconciliationJson>('GET', '/api/admin/reconciliation')).body).toMatchObject({ ok: true, difference: '0' });

  it('keeps 1310 equal to what is owed through a fee run, a distribution that nets it, and the next fee run', async () => {
    const db = database.db;
    const property = await createProperty(db, { shares: 1_000n, sharePrice: 100_000n });
    // Holds AED 150,000 with nothing left in the wallet.
    const inv = await holder(db, provider, property.id, 15_000_000n, BUY, 0n);
    await db.execute(sql`update properties set status = 'funded' where id = ${property.id}`);
    const first = await admin.json<{ receivable: string }>('POST', '/api/admin/fees/platform/run', { through: addDays(LAST_MONTH, -1) });
    expect(first.status).toBe(201);
    const owed = await receivable();
    expect(owed).toBe(big(first.body.receivable));
    expect(owed).toBeGreaterThan(0n);
    await reconciled();

    // Rent for last month, distributed: the holder's line pays what they owe first.
    const period = LAST_MONTH.slice(0, 7);
    expect((await admin.json('POST', `/api/admin/property-books/${property.id}/records`, { period, kind: 'rent', amount: 2_000_000 })).status).toBe(201);
    const created = await admin.json<{ id: string; lines: { userId: string; amount: string }[] }>('POST', '/api/admin/distributions', { propertyId: property.id, period, amount: 1_000_000 });
    expect(created.status).toBe(201);
    const line = created.body.lines.find((l) => l.userId === inv.id)!;
    expect(big(line.amount)).toBeGreaterThan(owed);
    expect((await admin.json('POST', `/api/admin/distributions/${created.body.id}/pay`)).status).toBe(200);
    expect(await receivable()).toBe(0n);
    const [c1] = await chargesOf(db, inv.id);
    expect(c1!.outstanding).toBe('0');
    const netted = await q<{ source: string; amount: string }>(db, sql`select source, amount::text from platform_fee_collections where user_id = ${inv.id}`);
    expect(netted).toEqual([{ source: 'distribution', amount: owed.toString() }]);
    await reconciled();

    // The next run charges the next window from the wallet the rent refilled.
    const second = await admin.json<{ investors: number; receivable: string; collected: string }>('POST', '/api/admin/fees/platform/run', { through: addDays(THIS_MONTH, -1) });
    expect(second.status).toBe(201);
    expect(second.body.receivable).toBe('0');
    expect(await receivable()).toBe(0n);
    await reconciled();
    const mine = await clientWith(app, inv.token).json<InvestorFeesJson>('GET', '/api/fees');
    expect(mine.body).toMatchObject({ outstanding: '0', total: 2 });
  });
});
