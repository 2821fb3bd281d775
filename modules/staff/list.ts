/** The staff list (GET /api/admin/staff): staff accounts and open invitations, on the one list contract. */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { allOf, listPage, orderSql, searchWhere, sqlRows } from '@api/list';
import { ROLE_LABELS, type StaffRole } from '../auth/permissions-contract';
import type { ListResult } from '../platform/list';
import type { StaffEntryJson, StaffKind, StaffListQuery } from './contract';

const iso = (col: string) => sql.raw(`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * One row per active staff account (a staff role, not closed) and per invitation neither accepted nor revoked
 * (an expired one stays listed, so it can be sent again).
 */
const STAFF = sql`(
  select 'member' as kind, u.id::text as id, u.email as email, trim(u.first_name || ' ' || u.last_name) as name, u.role::text as role,
         u.mfa_enabled as mfa_enabled, u.created_at as created_at, ${iso('u.created_at')} as created_iso, null::text as expires_iso, null::text as invited_by
    from users u where u.role <> 'investor' and u.closed_at is null
  union all
  select 'invite', i.id::text, i.email, '', i.role::text, false, i.created_at, ${iso('i.created_at')}, ${iso('i.expires_at')},
         nullif(trim(coalesce(b.first_name, '') || ' ' || coalesce(b.last_name, '')), '')
    from staff_invites i left join users b on b.id = i.invited_by
   where i.accepted_at is null and i.revoked_at is null
) s`;

const SORT = { createdAt: sql`s.created_at`, email: sql`s.email`, name: sql`s.name`, role: sql`s.role`, kind: sql`s.kind` } as const;

type Row = { kind: StaffKind; id: string; email: string; name: string; role: StaffRole; mfa_enabled: boolean; created_iso: string; expires_iso: string | null; invited_by: string | null };

const where = (q: Partial<StaffListQuery>) =>
  allOf(searchWhere(q.q, [sql`s.email`, sql`s.name`]), q.role && sql`s.role = ${q.role}`, q.kind && sql`s.kind = ${q.kind}`) ?? sql`true`;

export async function listStaff(db: Db, q: StaffListQuery, viewerId: string): Promise<ListResult<StaffEntryJson>> {
  const w = where(q);
  return listPage(
    sqlRows<Row>(db, sql`select * from ${STAFF} where ${w} order by ${orderSql(q.sort, SORT, sql`s.id`)} limit ${q.limit} offset ${q.offset}`).then((rows) =>
      rows.map(
        (r): StaffEntryJson => ({
          kind: r.kind,
          id: r.id,
          email: r.email,
          name: r.name,
          role: r.role,
          roleLabel: ROLE_LABELS[r.role] ?? r.role,
          mfaEnabled: Boolean(r.mfa_enabled),
          createdAt: r.created_iso,
          expiresAt: r.expires_iso,
          invitedBy: r.invited_by,
          isSelf: r.kind === 'member' && r.id === viewerId,
        }),
      ),
    ),
    sqlRows<{ n: number }>(db, sql`select count(*)::int as n from ${STAFF} where ${w}`).then(([r]) => r?.n ?? 0),
  );
}
