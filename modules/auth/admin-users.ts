import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { allOf, allRows, countAll, listPage, orderBy, searchWhere, type CsvCell } from '@api/list';
import type { ListResult } from '../platform/list';
import type { AdminUserJson, AdminUsersQuery } from './contract';
import { users } from './schema';
import { toCurrentUser, type UserRow } from './sessions';

/** Who a person types to find an account: name, email, username, unique ID, phone. */
const where = (q: Partial<AdminUsersQuery>) =>
  allOf(
    searchWhere(q.q, [users.firstName, users.lastName, users.email, users.username, users.unicode, users.phone]),
    q.role && eq(users.role, q.role),
    q.kycStatus && eq(users.kycStatus, q.kycStatus),
  );

const SORT = {
  createdAt: users.createdAt,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  unicode: users.unicode,
  role: users.role,
  kycStatus: users.kycStatus,
} as const;

const toJson = (u: UserRow): AdminUserJson => ({
  ...toCurrentUser(u),
  username: u.username,
  phone: u.phone,
  createdAt: u.createdAt.toISOString(),
  standing: u.closedAt ? 'closed' : u.suspendedAt ? 'suspended' : 'active',
});

const page = (db: Db, q: AdminUsersQuery, limit: number, offset: number) =>
  db.select().from(users).where(where(q)).orderBy(...orderBy(q.sort, SORT, users.id)).limit(limit).offset(offset);

/** A page of accounts, searched, filtered and sorted in SQL. */
export async function listAdminUsers(db: Db, q: AdminUsersQuery): Promise<ListResult<AdminUserJson>> {
  return listPage(
    page(db, q, q.limit, q.offset).then((rows) => rows.map(toJson)),
    db.select({ n: countAll }).from(users).where(where(q)).then(([r]) => r?.n ?? 0),
  );
}

export const ADMIN_USERS_CSV_HEADER = ['First name', 'Last name', 'Email', 'Username', 'Unique ID', 'Phone', 'Role', 'Verification', 'MFA', 'Created (UTC)'];

/** Every account of the same query, as CSV rows. */
export async function* adminUsersCsvRows(db: Db, q: AdminUsersQuery): AsyncGenerator<CsvCell[]> {
  for await (const u of allRows((limit, offset) => page(db, q, limit, offset))) {
    yield [u.firstName, u.lastName, u.email, u.username, u.unicode, u.phone, u.role, u.kycStatus, u.mfaEnabled ? 'On' : 'Off', u.createdAt];
  }
}
