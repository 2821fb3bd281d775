import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound, unprocessable } from '@api/errors';
import {
  BALANCE_SHEET_TYPES,
  LEDGER_ACCOUNTS,
  ledgerMessages,
  type AccountJson,
  type AccountType,
  type CashFlowClass,
  type CreateAccountInput,
  type UpdateAccountInput,
} from './contract';
import { isUniqueViolation } from './errors';
import { filsToDecimal } from '../platform/money';
import { ledgerAccounts, ledgerCostCenters } from './schema';
import { big, rows } from './sql';

type ChartRow = { code: string; name: string; type: AccountType; parent?: string; group?: true; cashFlow?: CashFlowClass; description?: string };

/**
 * The default chart for a UAE fractional real-estate operator. Group accounts are headings; only
 * posting accounts take lines. Investor client money and property holdings are groups whose
 * sub-accounts are opened on demand (ensureInvestorAccount, ensurePropertyAccount).
 */
export const DEFAULT_CHART: readonly ChartRow[] = [
  { code: '1000', name: 'Assets', type: 'asset', group: true, cashFlow: 'operating' },
  { code: '1100', name: 'Cash and bank', type: 'asset', parent: '1000', group: true, cashFlow: 'cash' },
  { code: LEDGER_ACCOUNTS.bankOperating, name: 'Emirates NBD operating account', type: 'asset', parent: '1100', description: "The company's own current account." },
  { code: LEDGER_ACCOUNTS.bankClientMoney, name: 'Emirates NBD client money account', type: 'asset', parent: '1100', description: 'Segregated account holding investor funds; it mirrors the investor client money liabilities.' },
  { code: LEDGER_ACCOUNTS.pettyCash, name: 'Petty cash', type: 'asset', parent: '1100' },
  { code: LEDGER_ACCOUNTS.propertyRentAccount, name: 'Property vehicles rent account', type: 'asset', parent: '1100', description: 'Rent collected for the property vehicles, less their costs, until it is distributed to investors or kept in reserve. Every line carries its property.' },
  { code: '1200', name: 'Payment provider clearing', type: 'asset', parent: '1000', group: true, cashFlow: 'cash', description: 'Funds collected by payment providers and not yet settled to the bank.' },
  { code: LEDGER_ACCOUNTS.cardClearing, name: 'Card payments clearing', type: 'asset', parent: '1200' },
  { code: LEDGER_ACCOUNTS.bankTransferClearing, name: 'Bank transfer clearing', type: 'asset', parent: '1200' },
  { code: '1300', name: 'Receivables', type: 'asset', parent: '1000', group: true },
  { code: LEDGER_ACCOUNTS.feesReceivable, name: 'Fees receivable', type: 'asset', parent: '1300' },
  { code: LEDGER_ACCOUNTS.rentReceivable, name: 'Rent receivable', type: 'asset', parent: '1300' },
  { code: LEDGER_ACCOUNTS.tradeReceivables, name: 'Trade receivables', type: 'asset', parent: '1300', description: 'What customers owe on issued invoices, less payments and credit notes. The receivables aging adds up to this balance.' },
  { code: '1400', name: 'Tax assets', type: 'asset', parent: '1000', group: true },
  { code: LEDGER_ACCOUNTS.vatInput, name: 'VAT input (recoverable, 5%)', type: 'asset', parent: '1400' },
  { code: LEDGER_ACCOUNTS.propertyHoldings, name: 'Property holdings', type: 'asset', parent: '1000', group: true, cashFlow: 'investing', description: 'One sub-account per property vehicle.' },
  { code: LEDGER_ACCOUNTS.liquidityPool, name: 'Liquidity pool inventory', type: 'asset', parent: '1000', cashFlow: 'investing', description: 'Shares the liquidity pool bought from investors, at cost; paid from the operating account.' },
  { code: '1600', name: 'Prepayments and other assets', type: 'asset', parent: '1000', group: true },
  { code: LEDGER_ACCOUNTS.prepayments, name: 'Prepayments', type: 'asset', parent: '1600' },
  { code: '1700', name: 'Fixed assets', type: 'asset', parent: '1000', group: true, cashFlow: 'investing' },
  { code: LEDGER_ACCOUNTS.officeEquipment, name: 'Office and computer equipment', type: 'asset', parent: '1700' },
  { code: LEDGER_ACCOUNTS.fitOut, name: 'Fit-out and furnishings in properties', type: 'asset', parent: '1700', description: 'Furniture, appliances and fit-out installed in the homes, at cost; every line carries its property.' },
  { code: LEDGER_ACCOUNTS.accumulatedDepreciation, name: 'Accumulated depreciation', type: 'asset', parent: '1700', cashFlow: 'operating', description: 'Contra-asset: credited by depreciation, a non-cash expense added back in the cash-flow statement.' },
  { code: '1800', name: 'Inventory', type: 'asset', parent: '1000', group: true },
  { code: LEDGER_ACCOUNTS.inventory, name: 'Furnishings, materials and spare parts', type: 'asset', parent: '1800', description: 'Stock held in the store and in transit, at cost (FIFO or moving average per item). The valuation report adds up to this balance.' },

  { code: '2000', name: 'Liabilities', type: 'liability', group: true, cashFlow: 'operating' },
  { code: LEDGER_ACCOUNTS.investorClientMoney, name: 'Investor client money', type: 'liability', parent: '2000', group: true, description: "What Manzil holds for each investor (wallet balances). One sub-account per investor." },
  { code: LEDGER_ACCOUNTS.distributionsPayable, name: 'Distributions payable', type: 'liability', parent: '2000', description: 'Rental income declared to investors and not yet paid to their wallets.' },
  { code: LEDGER_ACCOUNTS.propertyReserves, name: 'Property reserves', type: 'liability', parent: '2000', description: "Part of each property's net income kept back for its future costs, per the property's reserve percentage." },
  { code: '2300', name: 'Payables', type: 'liability', parent: '2000', group: true },
  { code: LEDGER_ACCOUNTS.tradePayables, name: 'Trade payables', type: 'liability', parent: '2300' },
  { code: LEDGER_ACCOUNTS.accruedExpenses, name: 'Accrued expenses', type: 'liability', parent: '2300' },
  { code: LEDGER_ACCOUNTS.receivedNotBilled, name: 'Goods and services received, not yet billed', type: 'liability', parent: '2300', description: 'Receipts against purchase orders waiting for the supplier’s bill.' },
  { code: LEDGER_ACCOUNTS.customerCredits, name: 'Customer credits and advances', type: 'liability', parent: '2300', description: 'Customer payments not yet allocated to an invoice.' },
  { code: '2400', name: 'VAT', type: 'liability', parent: '2000', group: true },
  { code: LEDGER_ACCOUNTS.vatOutput, name: 'VAT output (5%)', type: 'liability', parent: '2400' },
  { code: LEDGER_ACCOUNTS.vatPayable, name: 'VAT payable to the FTA', type: 'liability', parent: '2400', description: 'Net VAT due after each return, until paid.' },
  { code: '2500', name: 'Payroll liabilities', type: 'liability', parent: '2000', group: true },
  { code: LEDGER_ACCOUNTS.salariesPayable, name: 'Salaries payable (WPS)', type: 'liability', parent: '2500' },
  { code: LEDGER_ACCOUNTS.gratuityProvision, name: 'End-of-service gratuity provision', type: 'liability', parent: '2500' },
  { code: LEDGER_ACCOUNTS.payrollDeductions, name: 'Payroll deductions payable', type: 'liability', parent: '2500', description: 'Withheld from salaries for others until paid over.' },

  { code: '3000', name: 'Equity', type: 'equity', group: true, cashFlow: 'financing' },
  { code: LEDGER_ACCOUNTS.shareCapital, name: 'Share capital', type: 'equity', parent: '3000' },
  { code: LEDGER_ACCOUNTS.retainedEarnings, name: 'Retained earnings', type: 'equity', parent: '3000', description: 'Year-end closing moves each year’s profit or loss here.' },

  { code: LEDGER_ACCOUNTS.distributionsToInvestors, name: 'Distributions to investors and reserves', type: 'equity', parent: '3000', description: "The property vehicles' net rental income paid out to their holders or moved to reserves (property dimension)." },

  { code: '4000', name: 'Income', type: 'income', group: true },
  { code: '4100', name: 'Fee income', type: 'income', parent: '4000', group: true },
  { code: LEDGER_ACCOUNTS.platformFees, name: 'Platform fees', type: 'income', parent: '4100', description: '0.5% a year on the value of holdings.' },
  { code: LEDGER_ACCOUNTS.performanceFees, name: 'Performance fees', type: 'income', parent: '4100', description: '0.20% of exit profits.' },
  { code: LEDGER_ACCOUNTS.transactionFees, name: 'Transaction charges', type: 'income', parent: '4100', description: '0.5% to 2.5% by payment method.' },
  { code: LEDGER_ACCOUNTS.earlyExitFees, name: 'Early exit fees', type: 'income', parent: '4100', description: '0.5% on sales within 3 years.' },
  { code: LEDGER_ACCOUNTS.rentalIncome, name: 'Rental income', type: 'income', parent: '4000', description: 'Rent collected by the property vehicles; tag each line with its property.' },
  { code: LEDGER_ACCOUNTS.serviceIncome, name: 'Service income', type: 'income', parent: '4000', description: 'Services invoiced to customers: property management for third parties, furnishing packages, short-let services.' },
  { code: '4900', name: 'Other income', type: 'income', parent: '4000', group: true },
  { code: LEDGER_ACCOUNTS.interestIncome, name: 'Bank interest', type: 'income', parent: '4900' },
  { code: LEDGER_ACCOUNTS.exchangeDifferences, name: 'Realised exchange differences', type: 'income', parent: '4900', description: 'Gains (credit) and losses (debit) when a foreign-currency invoice or bill is paid at another rate than it was booked at.' },
  { code: LEDGER_ACCOUNTS.liquidityPoolResults, name: 'Liquidity pool gains and losses', type: 'income', parent: '4900', description: 'Realised when the pool sells its shares or a property it holds is sold.' },

  { code: '5000', name: 'Property operating costs', type: 'expense', group: true, description: "The property vehicles' costs, each line tagged with its property; they reduce what is distributed." },
  { code: LEDGER_ACCOUNTS.serviceCharges, name: 'Service charges', type: 'expense', parent: '5000' },
  { code: LEDGER_ACCOUNTS.maintenance, name: 'Maintenance and repairs', type: 'expense', parent: '5000' },
  { code: LEDGER_ACCOUNTS.managementFees, name: 'Property management fees', type: 'expense', parent: '5000' },
  { code: LEDGER_ACCOUNTS.insurance, name: 'Property insurance', type: 'expense', parent: '5000' },
  { code: LEDGER_ACCOUNTS.vacancyCosts, name: 'Vacancy and letting costs', type: 'expense', parent: '5000', description: 'Costs of empty periods and re-letting: agency commission, utilities while vacant.' },

  { code: '5500', name: 'Cost of sales and stock', type: 'expense', group: true },
  { code: LEDGER_ACCOUNTS.costOfGoodsSold, name: 'Cost of goods sold', type: 'expense', parent: '5500' },
  { code: LEDGER_ACCOUNTS.stockAdjustments, name: 'Stock count differences and write-offs', type: 'expense', parent: '5500' },

  { code: '6000', name: 'Operating expenses', type: 'expense', group: true },
  { code: '6100', name: 'Payroll', type: 'expense', parent: '6000', group: true },
  { code: LEDGER_ACCOUNTS.salaries, name: 'Salaries and wages', type: 'expense', parent: '6100' },
  { code: LEDGER_ACCOUNTS.allowances, name: 'Housing and transport allowances', type: 'expense', parent: '6100' },
  { code: LEDGER_ACCOUNTS.gratuityExpense, name: 'End-of-service gratuity', type: 'expense', parent: '6100' },
  { code: LEDGER_ACCOUNTS.pensionContributions, name: 'Pension contributions (GPSSA)', type: 'expense', parent: '6100' },
  { code: '6200', name: 'Premises', type: 'expense', parent: '6000', group: true },
  { code: LEDGER_ACCOUNTS.officeRent, name: 'Office rent', type: 'expense', parent: '6200' },
  { code: LEDGER_ACCOUNTS.utilities, name: 'Utilities (DEWA) and telecoms', type: 'expense', parent: '6200' },
  { code: '6300', name: 'Technology', type: 'expense', parent: '6000', group: true },
  { code: LEDGER_ACCOUNTS.technology, name: 'Hosting and software', type: 'expense', parent: '6300' },
  { code: '6400', name: 'Marketing', type: 'expense', parent: '6000', group: true },
  { code: LEDGER_ACCOUNTS.marketing, name: 'Advertising and promotion', type: 'expense', parent: '6400' },
  { code: '6500', name: 'Professional fees', type: 'expense', parent: '6000', group: true },
  { code: LEDGER_ACCOUNTS.legalFees, name: 'Legal and regulatory', type: 'expense', parent: '6500' },
  { code: LEDGER_ACCOUNTS.auditFees, name: 'Audit and accounting', type: 'expense', parent: '6500' },
  { code: LEDGER_ACCOUNTS.paymentProcessing, name: 'Payment processing fees', type: 'expense', parent: '6000' },
  { code: LEDGER_ACCOUNTS.bankCharges, name: 'Bank charges', type: 'expense', parent: '6000' },
  { code: LEDGER_ACCOUNTS.depreciation, name: 'Depreciation', type: 'expense', parent: '6000' },
  { code: LEDGER_ACCOUNTS.fxRounding, name: 'Exchange and rounding differences', type: 'expense', parent: '6000' },
];

/** Default cost centers: departments, and a heading for one cost center per property. */
export const DEFAULT_COST_CENTERS = [
  { code: 'OPS', name: 'Operations', kind: 'department' },
  { code: 'TECH', name: 'Technology', kind: 'department' },
  { code: 'MKT', name: 'Marketing', kind: 'department' },
  { code: 'FIN', name: 'Finance and compliance', kind: 'department' },
  { code: 'PROPERTIES', name: 'Properties', kind: 'property' },
] as const;

/** Group accounts carry the cash-flow class their sub-accounts inherit; a top-level default by type. */
function defaultCashFlow(type: AccountType): CashFlowClass | null {
  if (type === 'asset' || type === 'liability') return 'operating';
  if (type === 'equity') return 'financing';
  return null;
}

/**
 * Seeds the default chart of accounts and cost centers. Idempotent: existing codes are left as they
 * are, missing ones are added. Call it from db/seed.ts and after migrations in a fresh install.
 */
export async function seedChartOfAccounts(db: Db): Promise<{ accountsAdded: number; costCentersAdded: number }> {
  return db.transaction(async (tx) => {
    let accountsAdded = 0;
    const cash = new Map<string, CashFlowClass | null>();
    for (const row of DEFAULT_CHART) {
      const inherited = row.parent ? cash.get(row.parent) : undefined;
      const cashFlow = row.type === 'income' || row.type === 'expense' ? null : (row.cashFlow ?? inherited ?? defaultCashFlow(row.type));
      cash.set(row.code, cashFlow);
      const inserted = await rows(
        tx,
        sql`insert into ledger_accounts (code, name, type, parent_id, is_group, cash_flow, description)
            values (${row.code}, ${row.name}, ${row.type}, (select id from ledger_accounts where code = ${row.parent ?? null}),
                    ${row.group === true}, ${cashFlow}, ${row.description ?? ''})
            on conflict do nothing returning id`,
      );
      accountsAdded += inserted.length;
    }
    let costCentersAdded = 0;
    for (const cc of DEFAULT_COST_CENTERS) {
      const inserted = await tx.insert(ledgerCostCenters).values({ code: cc.code, name: cc.name, kind: cc.kind }).onConflictDoNothing().returning({ id: ledgerCostCenters.id });
      costCentersAdded += inserted.length;
    }
    return { accountsAdded, costCentersAdded };
  });
}

// ---------------------------------------------------------------------------------------------

export type AccountRow = typeof ledgerAccounts.$inferSelect;

export function toAccountJson(a: AccountRow, parentCode: string | null): AccountJson {
  return {
    id: a.id,
    code: a.code,
    name: a.name,
    type: a.type,
    parent: parentCode,
    isGroup: a.isGroup,
    archived: a.archivedAt !== null,
    cashFlow: a.cashFlow,
    description: a.description,
  };
}

/** The whole chart, ordered by code: every account with its parent's code. */
export async function listAccounts(db: Db, opts: { includeArchived?: boolean; type?: AccountType } = {}): Promise<AccountJson[]> {
  const all = await db.select().from(ledgerAccounts).orderBy(asc(ledgerAccounts.code));
  const codeById = new Map(all.map((a) => [a.id, a.code]));
  return all
    .filter((a) => (opts.includeArchived ?? true) || a.archivedAt === null)
    .filter((a) => !opts.type || a.type === opts.type)
    .map((a) => toAccountJson(a, a.parentId ? (codeById.get(a.parentId) ?? null) : null));
}

export async function getAccount(db: Db, code: string): Promise<AccountRow> {
  const [a] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, code)).limit(1);
  if (!a) throw notFound(ledgerMessages.accountNotFound(code), 'account_not_found');
  return a;
}

async function accountJson(db: Db, a: AccountRow): Promise<AccountJson> {
  if (!a.parentId) return toAccountJson(a, null);
  const [p] = await db.select({ code: ledgerAccounts.code }).from(ledgerAccounts).where(eq(ledgerAccounts.id, a.parentId));
  return toAccountJson(a, p?.code ?? null);
}

async function resolveParent(db: Db, parentCode: string, type: AccountType): Promise<AccountRow> {
  const [parent] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, parentCode)).limit(1);
  if (!parent) throw unprocessable(ledgerMessages.parentNotFound(parentCode), 'parent_not_found');
  if (!parent.isGroup) throw unprocessable(ledgerMessages.parentNotGroup(parentCode), 'parent_not_group');
  if (parent.type !== type) throw unprocessable(ledgerMessages.parentWrongType(parentCode, parent.type), 'parent_wrong_type');
  return parent;
}

export async function createAccount(db: Db, input: CreateAccountInput): Promise<AccountJson> {
  const parent = input.parent ? await resolveParent(db, input.parent, input.type) : null;
  const isBalanceSheet = BALANCE_SHEET_TYPES.includes(input.type);
  const cashFlow = isBalanceSheet ? (input.cashFlow ?? parent?.cashFlow ?? defaultCashFlow(input.type)) : null;
  try {
    const [created] = await db
      .insert(ledgerAccounts)
      .values({ code: input.code, name: input.name, type: input.type, parentId: parent?.id ?? null, isGroup: input.isGroup ?? false, cashFlow, description: input.description ?? '' })
      .returning();
    return toAccountJson(created, parent?.code ?? null);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'account_exists', ledgerMessages.accountExists(input.code));
    throw err;
  }
}

/** Net debit balance of an account over all posted history (sub-accounts not included). */
export async function accountBalance(db: Db, accountId: string): Promise<bigint> {
  const [r] = await rows<{ net: string }>(db, sql`select coalesce(sum(debit - credit), 0)::text as net from ledger_balances where account_id = ${accountId}`);
  return big(r?.net);
}

export async function updateAccount(db: Db, code: string, input: UpdateAccountInput): Promise<AccountJson> {
  return db.transaction(async (tx) => {
    const account = await getAccount(tx, code);
    const patch: Partial<typeof ledgerAccounts.$inferInsert> = { updatedAt: new Date() };
    if (input.name !== undefined) patch.name = input.name;
    if (input.description !== undefined) patch.description = input.description;
    if (input.cashFlow !== undefined && BALANCE_SHEET_TYPES.includes(account.type)) patch.cashFlow = input.cashFlow;
    if (input.parent !== undefined) {
      if (input.parent === null) patch.parentId = null;
      else {
        const parent = await resolveParent(tx, input.parent, account.type);
        // No cycles: the new parent may not be the account or one of its descendants.
        const [cycle] = await rows(
          tx,
          sql`with recursive up as (select id, parent_id from ledger_accounts where id = ${parent.id}
                union all select a.id, a.parent_id from ledger_accounts a join up on a.id = up.parent_id)
              select 1 from up where id = ${account.id} limit 1`,
        );
        if (cycle) throw unprocessable(ledgerMessages.parentCycle, 'parent_cycle');
        patch.parentId = parent.id;
      }
    }
    if (input.archived !== undefined) {
      if (input.archived && account.archivedAt === null) {
        const [child] = await tx
          .select({ id: ledgerAccounts.id })
          .from(ledgerAccounts)
          .where(and(eq(ledgerAccounts.parentId, account.id), sql`${ledgerAccounts.archivedAt} is null`))
          .limit(1);
        if (child) throw unprocessable(ledgerMessages.accountHasChildren(code), 'account_has_children');
        if (BALANCE_SHEET_TYPES.includes(account.type)) {
          const balance = await accountBalance(tx, account.id);
          if (balance !== 0n) throw unprocessable(ledgerMessages.accountHasBalance(code, filsToDecimal(balance)), 'account_has_balance');
        }
        patch.archivedAt = new Date();
      } else if (!input.archived) patch.archivedAt = null;
    }
    const [updated] = await tx.update(ledgerAccounts).set(patch).where(eq(ledgerAccounts.id, account.id)).returning();
    return accountJson(tx, updated);
  });
}

/** Deletes an account that was never used. One with journal lines can only be archived. */
export async function deleteAccount(db: Db, code: string): Promise<void> {
  await db.transaction(async (tx) => {
    const account = await getAccount(tx, code);
    const [used] = await rows(tx, sql`select 1 from ledger_journal_lines where account_id = ${account.id} limit 1`);
    if (used) throw unprocessable(ledgerMessages.accountHasPostings(code), 'account_has_postings');
    const [child] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.parentId, account.id)).limit(1);
    if (child) throw unprocessable(ledgerMessages.accountHasChildren(code), 'account_has_children');
    const [templated] = await rows(tx, sql`select 1 from ledger_recurring_entries where lines @> ${JSON.stringify([{ accountCode: code }])}::jsonb limit 1`);
    if (templated) throw unprocessable(`Account ${code} is used by a recurring entry. Change or delete that template first.`, 'account_in_template');
    await tx.delete(ledgerAccounts).where(eq(ledgerAccounts.id, account.id));
  });
}

// ---------------------------------------------------------------------------------------------
// Sub-accounts opened on demand by other modules, inside their own transaction.

const codePart = (s: string) => s.toUpperCase().replace(/[^0-9A-Z-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 26) || 'X';

async function ensureSubAccount(tx: Db, groupCode: string, ref: string, code: string, name: string) {
  const group = await getAccount(tx, groupCode);
  await rows(
    tx,
    sql`insert into ledger_accounts (code, name, type, parent_id, is_group, cash_flow, ref)
        values (${code}, ${name}, ${group.type}, ${group.id}, false, ${group.cashFlow}, ${ref})
        on conflict do nothing`,
  );
  const [account] = await tx
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.parentId, group.id), eq(ledgerAccounts.ref, ref)))
    .limit(1);
  if (!account) throw new AppError(409, 'account_code_taken', `Account code ${code} is already used by another account.`);
  return { id: account.id, code: account.code, name: account.name };
}

/**
 * The investor's own client-money account (a liability under 2100), opened on first use.
 * Safe to call in every deposit or purchase: it returns the existing account after the first call.
 */
export function ensureInvestorAccount(tx: Db, investor: { userId: string; unicode: string; name: string }) {
  const name = `${investor.name.trim() || 'Investor'} (${investor.unicode})`.slice(0, 120);
  return ensureSubAccount(tx, LEDGER_ACCOUNTS.investorClientMoney, investor.userId, `${LEDGER_ACCOUNTS.investorClientMoney}-${codePart(investor.unicode)}`, name);
}

/** The holdings account of one property vehicle (an asset under 1500), opened on first use. */
export function ensurePropertyAccount(tx: Db, property: { propertyId: string; name: string; reference?: string }) {
  const ref = codePart(property.reference ?? property.propertyId);
  return ensureSubAccount(tx, LEDGER_ACCOUNTS.propertyHoldings, property.propertyId, `${LEDGER_ACCOUNTS.propertyHoldings}-${ref}`, property.name.trim().slice(0, 120) || ref);
}

/**
 * The client-money account codes of many investors at once (the SIP run): one read for those already
 * open, then ensureInvestorAccount for each one that is not (rare: a deposit opens it first).
 */
export async function investorAccountCodes(tx: Db, investors: { userId: string; unicode: string; name: string }[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (investors.length === 0) return out;
  const group = await getAccount(tx, LEDGER_ACCOUNTS.investorClientMoney);
  const found = await rows<{ ref: string; code: string }>(
    tx,
    sql`select ref, code from ledger_accounts where parent_id = ${group.id} and ref in (select jsonb_array_elements_text(${JSON.stringify(investors.map((i) => i.userId))}::jsonb))`,
  );
  for (const f of found) out.set(f.ref, f.code);
  for (const i of investors) if (!out.has(i.userId)) out.set(i.userId, (await ensureInvestorAccount(tx, i)).code);
  return out;
}
