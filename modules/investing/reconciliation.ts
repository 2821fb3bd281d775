/** Admin reconciliation (the investments and investors lists are in admin-list.ts and admin-investors.ts). */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { LEDGER_ACCOUNTS, verifyBalances } from '../ledger';
import { big, q } from '../wallet';
import type { ReconciliationJson } from './contract';


/**
 * The books against the business tables: Σ wallets = the investor client-money liability (2100-*) in the
 * ledger, wallet by wallet; Σ shares sold = Σ units held, property by property (a property sold and settled at an
 * exit keeps the shares it sold as history while its holdings are closed: zero units expected); and the ledger's own check.
 */
export async function reconciliation(db: Db): Promise<ReconciliationJson> {
  const [[totals], walletRows, propertyRows, ledger, [trial]] = await Promise.all([
    q<{ wallets: string; ledger: string; sold: string; held: string }>(
      db,
      sql`select (select coalesce(sum(balance), 0) from wallets)::text as wallets,
                 (select coalesce(sum(b.credit - b.debit), 0) from ledger_balances b join ledger_accounts a on a.id = b.account_id
                    join ledger_accounts g on g.id = a.parent_id where g.code = ${LEDGER_ACCOUNTS.investorClientMoney})::text as ledger,
                 (select coalesce(sum(shares_sold), 0) from properties p where not exists (select 1 from exchange_exits e where e.property_id = p.id))::text as sold,
                 (select coalesce(sum(units), 0) from holdings)::text as held`,
    ),
    q<{ user_id: string; first_name: string | null; last_name: string | null; unicode: string | null; wallet: string; ledger: string }>(
      db,
      sql`with l as (select a.ref as user_id, sum(b.credit - b.debit) as ledger
                       from ledger_balances b join ledger_accounts a on a.id = b.account_id join ledger_accounts g on g.id = a.parent_id
                      where g.code = ${LEDGER_ACCOUNTS.investorClientMoney} group by a.ref)
          select coalesce(w.user_id::text, l.user_id) as user_id, u.first_name, u.last_name, u.unicode,
                 coalesce(w.balance, 0)::text as wallet, coalesce(l.ledger, 0)::text as ledger
            from wallets w full join l on l.user_id = w.user_id::text
            left join users u on u.id::text = coalesce(w.user_id::text, l.user_id)
           where coalesce(w.balance, 0) <> coalesce(l.ledger, 0) limit 100`,
    ),
    q<{ id: string; reference: string; title: string; sold: string; held: string }>(
      db,
      sql`select p.id, p.reference, p.title, x.expected::text as sold, coalesce(h.units, 0)::text as held
            from properties p left join (select property_id, sum(units) as units from holdings group by property_id) h on h.property_id = p.id
            cross join lateral (select case when exists (select 1 from exchange_exits e where e.property_id = p.id) then 0 else p.shares_sold end as expected) x
           where x.expected <> coalesce(h.units, 0) limit 100`,
    ),
    verifyBalances(db),
    q<{ ok: boolean }>(db, sql`select coalesce(sum(debit), 0) = coalesce(sum(credit), 0) as ok from ledger_balances`),
  ]);
  const walletsTotal = big(totals.wallets);
  const clientMoney = big(totals.ledger);
  const sold = big(totals.sold);
  const held = big(totals.held);
  const ledgerBalanced = ledger.ok && (trial?.ok === true || (trial?.ok as unknown) === 't');
  return {
    walletsTotal: walletsTotal.toString(),
    clientMoneyLedger: clientMoney.toString(),
    difference: (walletsTotal - clientMoney).toString(),
    sharesSold: sold.toString(),
    sharesHeld: held.toString(),
    sharesDifference: (sold - held).toString(),
    walletMismatches: walletRows.map((r) => ({ userId: r.user_id, name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(), unicode: r.unicode ?? '', wallet: big(r.wallet).toString(), ledger: big(r.ledger).toString() })),
    propertyMismatches: propertyRows.map((r) => ({ propertyId: r.id, reference: r.reference, title: r.title, sharesSold: big(r.sold).toString(), sharesHeld: big(r.held).toString() })),
    ledgerBalanced,
    ok: walletsTotal === clientMoney && sold === held && walletRows.length === 0 && propertyRows.length === 0 && ledgerBalanced,
    checkedAt: new Date().toISOString(),
  };
}
