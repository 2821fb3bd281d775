/**
 * Demo community: a few discussions between the demo investors (modules/investing/seed.ts), two of them about a
 * property some of them hold (so the holder badge shows), with replies and reactions spread over the last weeks.
 * Idempotent: does nothing once any thread exists, or when the demo investors are not there.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { q } from '../wallet/helpers';
import type { CategorySlug, ReactionKind } from './contract';
import { renderMarkdown } from './markdown';

type Post = { by: string; daysAgo: number; body: string; reactions?: [string, ReactionKind][] };
type DemoThread = { category: CategorySlug; title: string; property?: string; posts: Post[] };

const AISHA = 'aisha.alhashimi@example.ae';
const JAMES = 'james.carter@example.com';
const PRIYA = 'priya.nair@example.in';
const KHALID = 'khalid.alsuwaidi@example.ae';

export const DEMO_THREADS: DemoThread[] = [
  {
    category: 'getting-started',
    title: 'How long did your identity verification take?',
    posts: [
      { by: PRIYA, daysAgo: 24, body: 'I uploaded my passport and a DEWA bill on Sunday evening. For those already verified, how long did the review take for you?', reactions: [[JAMES, 'like']] },
      { by: JAMES, daysAgo: 24, body: 'Mine came back the next working day. Make sure the address on the utility bill matches **exactly** what you type in the address step; that was the only thing they asked me to fix.', reactions: [[PRIYA, 'helpful'], [AISHA, 'helpful']] },
      { by: AISHA, daysAgo: 23, body: 'Same for me, under a day. Emirates ID was quicker than a passport because the expiry date is read automatically.' },
      { by: PRIYA, daysAgo: 22, body: 'Approved this morning. Thank you both, the address tip saved me a round trip.' },
    ],
  },
  {
    category: 'rental-income',
    title: 'Sidra villa: first distributions',
    property: 'MZ-DXB-003',
    posts: [
      {
        by: AISHA,
        daysAgo: 18,
        body: 'The Sidra villa paid its second monthly distribution into my wallet this week. For other holders, did yours match the statement?\n\nWhat I checked:\n\n1. The property books under **Portfolio**\n2. The fee line (management and maintenance)\n3. The credit in the wallet history',
        reactions: [[KHALID, 'insightful'], [JAMES, 'like']],
      },
      { by: KHALID, daysAgo: 17, body: 'Matched to the fils for me. The maintenance line was higher the first month because of the AC service before the tenant moved in.', reactions: [[AISHA, 'helpful']] },
      { by: JAMES, daysAgo: 16, body: 'Mine too. I like that the statement shows occupancy days, so a part month is easy to follow.' },
    ],
  },
  {
    category: 'sip',
    title: 'Which collection day do you choose for your monthly plan?',
    posts: [
      { by: JAMES, daysAgo: 12, body: 'My salary lands on the 25th, so I set the SIP for the 1st. Does anyone split it into two smaller plans instead?' },
      { by: PRIYA, daysAgo: 11, body: 'I picked the 5th to leave a buffer for rent and school fees. One plan is enough for me; I just raise the amount once a year.', reactions: [[JAMES, 'helpful']] },
    ],
  },
  {
    category: 'selling',
    title: 'Has anyone listed shares on the exchange yet?',
    posts: [
      { by: KHALID, daysAgo: 8, body: 'I am thinking of selling a small part of my Marina Gate holding to rebalance. How quickly did listings fill for you, and did you price at the last valuation?' },
      { by: AISHA, daysAgo: 7, body: 'I sold a few shares last month at the valuation price and it filled within two days. Check the price band shown on the order form before you list: orders outside it are refused.', reactions: [[KHALID, 'helpful'], [PRIYA, 'insightful']] },
    ],
  },
  {
    category: 'properties',
    title: 'Saadiyat Beach Residences: service charges?',
    property: 'MZ-AUH-001',
    posts: [
      { by: PRIYA, daysAgo: 4, body: 'I am looking at Saadiyat Beach Residences for my next purchase. Does anyone know how the service charge compares with similar buildings on the island? The listing shows it in the cost breakdown but I have no point of comparison.' },
      { by: KHALID, daysAgo: 3, body: 'It is in line with the other beachfront towers as far as I can tell. The valuation report in the documents tab has a page on comparables, worth a read.', reactions: [[PRIYA, 'helpful']] },
    ],
  },
];

export async function seedCommunity(db: Db): Promise<{ seeded: boolean }> {
  const [any] = await q<{ id: string }>(db, sql`select id from community_threads limit 1`);
  if (any) return { seeded: false };
  const emails = [AISHA, JAMES, PRIYA, KHALID];
  const people = await q<{ id: string; email: string }>(db, sql`select id, lower(email) as email from users where lower(email) in (${sql.join(emails.map((e) => sql`${e}`), sql`, `)})`);
  const id = new Map(people.map((p) => [p.email, p.id]));
  if (id.size < emails.length) return { seeded: false };
  await db.transaction(async (tx) => {
    for (const t of DEMO_THREADS) {
      const [opening, ...replies] = t.posts;
      const [prop] = t.property ? await q<{ id: string }>(tx, sql`select id from properties where reference = ${t.property}`) : [];
      const at = (daysAgo: number, i: number) => sql`now() - make_interval(days => ${daysAgo}) + make_interval(mins => ${i * 37})`;
      const last = t.posts.length - 1;
      const [thread] = await q<{ id: string }>(
        tx,
        sql`insert into community_threads (category, title, author_id, property_id, reply_count, created_at, last_post_at)
            values (${t.category}, ${t.title}, ${id.get(opening!.by)!}, ${prop?.id ?? null}, ${replies.length}, ${at(opening!.daysAgo, 0)}, ${at(t.posts[last]!.daysAgo, last)}) returning id`,
      );
      for (const [i, p] of t.posts.entries()) {
        const [post] = await q<{ id: string }>(
          tx,
          sql`insert into community_posts (thread_id, author_id, opening, body, html, created_at)
              values (${thread!.id}, ${id.get(p.by)!}, ${i === 0}, ${p.body}, ${renderMarkdown(p.body)}, ${at(p.daysAgo, i)}) returning id`,
        );
        for (const [who, kind] of p.reactions ?? []) await q(tx, sql`insert into community_reactions (post_id, user_id, kind) values (${post!.id}, ${id.get(who)!}, ${kind})`);
      }
    }
  });
  return { seeded: true };
}
