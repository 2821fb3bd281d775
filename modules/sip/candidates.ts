/**
 * What the engine reads besides plans: the properties a plan may buy (locked for the chunk when asked),
 * the investors' wallets (locked), and how much of their retail limit is left. Shared by the run and
 * the previews, so a preview reads exactly what a run would.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { propertyYields } from '@modules/properties/contract';
import { getRetailAnnualLimitFils } from '@modules/settings';
import { big, q } from '@modules/wallet';
import type { Candidate } from './allocate';

type PropertyRow = {
  id: string;
  reference: string;
  title: string;
  city: string;
  property_type: string;
  status: string;
  share_price: string;
  total_shares: string;
  shares_sold: string;
  funding_target: string;
  valuation: string;
  annual_rent: string;
  service_charges: string;
  maintenance_costs: string;
  management_fee_bps: number;
  occupancy_bps: number;
  projected_appreciation_bps: number;
  paused: boolean | null;
};

const COLUMNS = sql`p.id, p.reference, p.title, p.city, p.property_type, p.status, p.share_price::text, p.total_shares::text, p.shares_sold::text,
  p.funding_target::text, p.valuation::text, p.annual_rent::text, p.service_charges::text, p.maintenance_costs::text, p.management_fee_bps,
  p.occupancy_bps, p.projected_appreciation_bps, s.paused`;

function candidateOf(r: PropertyRow): Candidate {
  const yields = propertyYields({
    valuation: big(r.valuation),
    fundingTarget: big(r.funding_target),
    annualRent: big(r.annual_rent),
    occupancyBps: r.occupancy_bps,
    serviceCharges: big(r.service_charges),
    maintenanceCosts: big(r.maintenance_costs),
    managementFeeBps: r.management_fee_bps,
  });
  return {
    id: r.id,
    reference: r.reference,
    title: r.title,
    city: r.city,
    propertyType: r.property_type,
    sharePrice: big(r.share_price),
    netYieldBps: yields.netYieldBps,
    appreciationBps: r.projected_appreciation_bps,
    status: r.status,
    pausedForAutomated: r.paused === true,
  };
}

export type Catalogue = { candidates: Candidate[]; available: Map<string, bigint> };

/**
 * The properties open for funding (locked FOR UPDATE when `lock`, in id order — after the wallets, as a
 * manual purchase locks them) and any other property a manual split names (read, never bought from).
 */
export async function loadCatalogue(tx: Db, opts: { lock: boolean; named?: string[] }): Promise<Catalogue> {
  const open = await q<PropertyRow>(
    tx,
    sql`select ${COLUMNS} from properties p left join sip_property_settings s on s.property_id = p.id
         where p.status = 'funding' order by p.id ${opts.lock ? sql`for update of p` : sql``}`,
  );
  const openIds = new Set(open.map((r) => r.id));
  const named = [...new Set(opts.named ?? [])].filter((id) => !openIds.has(id) && /^[0-9a-f-]{36}$/i.test(id));
  const others = named.length
    ? await q<PropertyRow>(
        tx,
        sql`select ${COLUMNS} from properties p left join sip_property_settings s on s.property_id = p.id
             where p.id in (select (jsonb_array_elements_text(${JSON.stringify(named)}::jsonb))::uuid)`,
      )
    : [];
  const rows = [...open, ...others];
  return {
    candidates: rows.map(candidateOf),
    available: new Map(rows.map((r) => [r.id, r.status === 'funding' ? big(r.total_shares) - big(r.shares_sold) : 0n])),
  };
}

export type WalletState = { balance: bigint; held: bigint; available: bigint };

/** The wallets of `userIds`, locked in user order (missing wallets read as empty). */
export async function lockWallets(tx: Db, userIds: string[], opts: { lock: boolean } = { lock: true }): Promise<Map<string, WalletState>> {
  const out = new Map<string, WalletState>();
  if (userIds.length === 0) return out;
  const rows = await q<{ user_id: string; balance: string; held: string }>(
    tx,
    sql`select user_id, balance::text, held::text from wallets
         where user_id in (select (jsonb_array_elements_text(${JSON.stringify([...new Set(userIds)].sort())}::jsonb))::uuid)
         order by user_id ${opts.lock ? sql`for update` : sql``}`,
  );
  for (const r of rows) out.set(r.user_id, { balance: big(r.balance), held: big(r.held), available: big(r.balance) - big(r.held) });
  return out;
}

/** Retail limit left per investor (null: professional, no limit), over the rolling 12 months. */
export async function retailRemaining(tx: Db, userIds: string[], now: Date): Promise<Map<string, bigint | null>> {
  const out = new Map<string, bigint | null>();
  if (userIds.length === 0) return out;
  const ids = JSON.stringify([...new Set(userIds)]);
  const [limit, rows] = await Promise.all([
    getRetailAnnualLimitFils(tx),
    q<{ user_id: string; professional: boolean; used: string }>(
      tx,
      sql`select u.id as user_id,
                 exists (select 1 from kyc_applications k where k.user_id = u.id and k.status = 'approved' and k.classification = 'professional') as professional,
                 coalesce((select sum(i.principal) from investments i
                            where i.user_id = u.id and i.status = 'active' and i.created_at > ${now.toISOString()}::timestamptz - interval '12 months'), 0)::text as used
            from users u where u.id in (select (jsonb_array_elements_text(${ids}::jsonb))::uuid)`,
    ),
  ]);
  for (const r of rows) out.set(r.user_id, r.professional ? null : limit - big(r.used) > 0n ? limit - big(r.used) : 0n);
  return out;
}
