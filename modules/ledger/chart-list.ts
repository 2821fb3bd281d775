/**
 * The chart of accounts and the cost centers on the one list contract (chart-list-contract.ts): search,
 * filters, sort and paging in SQL, and the CSV of the whole filtered set. The unpaged `/options` lists
 * for pickers and trees stay with listAccounts / listCostCenters.
 */
import { eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@db/client';
import { allOf, allRows, countAll, listPage, orderBy, searchWhere, type CsvCell } from '@api/list';
import type { ListResult } from '../platform/list';
import type { AccountListItem, AccountsListQuery, CostCentersListQuery } from './chart-list-contract';
import { toAccountJson } from './chart';
import { accountTypeLabels } from './contract';
import type { CostCenterJson } from './cost-centers';
import { ledgerAccounts, ledgerCostCenters } from './schema';

// ——— Accounts ———

const parentAccount = alias(ledgerAccounts, 'parent_account');
const ACCOUNT_SORT = { code: ledgerAccounts.code, name: sql`lower(${ledgerAccounts.name})`, type: ledgerAccounts.type, createdAt: ledgerAccounts.createdAt };

/** What a person types: the code (6110), the name, the description. */
const accountWhere = (q: AccountsListQuery): SQL | undefined =>
  allOf(
    searchWhere(q.q, [ledgerAccounts.code, ledgerAccounts.name, ledgerAccounts.description]),
    q.type && eq(ledgerAccounts.type, q.type),
    !q.includeArchived && isNull(ledgerAccounts.archivedAt),
  );

const accountPage = (db: Db, q: AccountsListQuery, limit: number, offset: number): Promise<AccountListItem[]> =>
  db
    .select({ a: ledgerAccounts, parent: parentAccount.code })
    .from(ledgerAccounts)
    .leftJoin(parentAccount, eq(parentAccount.id, ledgerAccounts.parentId))
    .where(accountWhere(q))
    .orderBy(...orderBy(q.sort, ACCOUNT_SORT, ledgerAccounts.id))
    .limit(limit)
    .offset(offset)
    .then((rows) => rows.map(({ a, parent }) => ({ ...toAccountJson(a, parent), createdAt: a.createdAt.toISOString() })));

/** GET /api/admin/ledger/accounts: a page of the chart. */
export function listAccountsPage(db: Db, q: AccountsListQuery): Promise<ListResult<AccountListItem>> {
  return listPage(accountPage(db, q, q.limit, q.offset), db.select({ n: countAll }).from(ledgerAccounts).where(accountWhere(q)).then(([r]) => r?.n ?? 0));
}

export const ACCOUNTS_CSV_HEADER = ['Code', 'Name', 'Type', 'Parent', 'Group', 'Cash flow', 'Archived', 'Description', 'Created (UTC)'];

export async function* accountCsvRows(db: Db, q: AccountsListQuery): AsyncGenerator<CsvCell[]> {
  for await (const a of allRows((limit, offset) => accountPage(db, q, limit, offset))) {
    yield [a.code, a.name, accountTypeLabels[a.type], a.parent, a.isGroup ? 'Yes' : 'No', a.cashFlow, a.archived ? 'Yes' : 'No', a.description, a.createdAt];
  }
}

// ——— Cost centers ———

export type CostCenterListItem = CostCenterJson & { createdAt: string };

const parentCenter = alias(ledgerCostCenters, 'parent_center');
const CENTER_SORT = { code: ledgerCostCenters.code, name: sql`lower(${ledgerCostCenters.name})`, kind: ledgerCostCenters.kind, createdAt: ledgerCostCenters.createdAt };

/** What a person types: the code (PROP-MARINA), the name, the description, the property it stands for. */
const centerWhere = (q: CostCentersListQuery): SQL | undefined =>
  allOf(
    searchWhere(q.q, [ledgerCostCenters.code, ledgerCostCenters.name, ledgerCostCenters.description, ledgerCostCenters.property]),
    q.kind && eq(ledgerCostCenters.kind, q.kind),
    (!q.includeArchived || q.status === 'active') && isNull(ledgerCostCenters.archivedAt),
    q.status === 'archived' && isNotNull(ledgerCostCenters.archivedAt),
  );

const centerPage = (db: Db, q: CostCentersListQuery, limit: number, offset: number): Promise<CostCenterListItem[]> =>
  db
    .select({ c: ledgerCostCenters, parent: parentCenter.code })
    .from(ledgerCostCenters)
    .leftJoin(parentCenter, eq(parentCenter.id, ledgerCostCenters.parentId))
    .where(centerWhere(q))
    .orderBy(...orderBy(q.sort, CENTER_SORT, ledgerCostCenters.id))
    .limit(limit)
    .offset(offset)
    .then((rows) =>
      rows.map(({ c, parent }) => ({ id: c.id, code: c.code, name: c.name, kind: c.kind, parent, property: c.property, description: c.description, archived: c.archivedAt !== null, createdAt: c.createdAt.toISOString() })),
    );

/** GET /api/admin/ledger/cost-centers: a page of the cost centers. */
export function listCostCentersPage(db: Db, q: CostCentersListQuery): Promise<ListResult<CostCenterListItem>> {
  return listPage(centerPage(db, q, q.limit, q.offset), db.select({ n: countAll }).from(ledgerCostCenters).where(centerWhere(q)).then(([r]) => r?.n ?? 0));
}

export const COST_CENTERS_CSV_HEADER = ['Code', 'Name', 'Kind', 'Parent', 'Property', 'Archived', 'Description', 'Created (UTC)'];

export async function* costCenterCsvRows(db: Db, q: CostCentersListQuery): AsyncGenerator<CsvCell[]> {
  for await (const c of allRows((limit, offset) => centerPage(db, q, limit, offset))) {
    yield [c.code, c.name, c.kind, c.parent, c.property, c.archived ? 'Yes' : 'No', c.description, c.createdAt];
  }
}
