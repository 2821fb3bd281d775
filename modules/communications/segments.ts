/**
 * Who an announcement reaches. Every segment is investors only (role 'investor'):
 *   all_investors      every investor account
 *   kyc_pending        identity not yet approved (not started, in progress, submitted, under review, rejected)
 *   property_holders   holding units of one property now (holdings.units > 0)
 *   sip_active         with an active investment plan
 *   inactive_90_days   account older than 90 days, no session seen and no audited action of theirs in 90 days
 *                      (sessions are deleted at sign-out and expiry, so a live or recent session is the sign-in trace)
 *   currency           by the display currency chosen in onboarding (not chosen = AED, the site's default)
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { notFound } from '@api/errors';
import { q } from '../wallet';
import { segmentLabels, type Segment } from './contract';

export type Recipient = { id: string; email: string; firstName: string; lastName: string; currency: string };

const CURRENCY = sql`coalesce(nullif(op.answers->'preferences'->>'currency', ''), 'AED')`;

function condition(segment: Segment): SQL {
  switch (segment.kind) {
    case 'all_investors':
      return sql`true`;
    case 'kyc_pending':
      return sql`u.kyc_status <> 'approved'`;
    case 'property_holders':
      return sql`exists (select 1 from holdings h where h.user_id = u.id and h.property_id = ${segment.propertyId!}::uuid and h.units > 0)`;
    case 'sip_active':
      return sql`exists (select 1 from sip_plans s where s.user_id = u.id and s.status = 'active')`;
    case 'inactive_90_days':
      return sql`u.created_at < now() - interval '90 days'
        and not exists (select 1 from sessions s where s.user_id = u.id and s.last_seen_at >= now() - interval '90 days')
        and not exists (select 1 from audit_log a where a.actor_id = u.id and a.at >= now() - interval '90 days')`;
    case 'currency':
      return sql`${CURRENCY} = ${segment.currency!}`;
  }
}

/** The property a holders segment names (404 when there is none). */
export async function segmentProperty(db: Db, segment: Segment): Promise<{ id: string; title: string } | null> {
  if (segment.kind !== 'property_holders') return null;
  const [p] = await q<{ id: string; title: string }>(db, sql`select id, title from properties where id = ${segment.propertyId!}::uuid`);
  if (!p) throw notFound('There is no property with that id.', 'property_not_found');
  return p;
}

export async function segmentLabel(db: Db, segment: Segment): Promise<string> {
  const property = await segmentProperty(db, segment).catch(() => null);
  if (segment.kind === 'property_holders') return `Holders of ${property?.title ?? 'a removed property'}`;
  if (segment.kind === 'currency') return `Display currency ${segment.currency}`;
  return segmentLabels[segment.kind];
}

export async function segmentRecipients(db: Db, segment: Segment): Promise<Recipient[]> {
  await segmentProperty(db, segment);
  return q<Recipient>(
    db,
    sql`select u.id, u.email, u.first_name as "firstName", u.last_name as "lastName", ${CURRENCY} as currency
          from users u left join onboarding_progress op on op.user_id = u.id
         where u.role = 'investor' and ${condition(segment)} order by u.created_at, u.id`,
  );
}

export async function segmentCount(db: Db, segment: Segment): Promise<number> {
  await segmentProperty(db, segment);
  const [r] = await q<{ n: number }>(
    db,
    sql`select count(*)::int as n from users u left join onboarding_progress op on op.user_id = u.id where u.role = 'investor' and ${condition(segment)}`,
  );
  return Number(r?.n ?? 0);
}
