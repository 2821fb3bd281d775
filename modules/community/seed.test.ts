import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '@tests/helpers/db';
import { moneyTestDatabase } from '@modules/investing/test-helpers';
import { q } from '@modules/wallet';
import type { Database } from '@db/client';
import { listCategories } from './read';
import { DEMO_THREADS, seedCommunity } from './seed';

describeEachDb('community demo seed', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('waits for the demo investors, then writes the discussions once, with real counts', async () => {
    const db = database.db;
    expect(await seedCommunity(db)).toEqual({ seeded: false });
    for (const [email, first, last] of [['aisha.alhashimi@example.ae', 'Aisha', 'Al Hashimi'], ['james.carter@example.com', 'James', 'Carter'], ['priya.nair@example.in', 'Priya', 'Nair'], ['khalid.alsuwaidi@example.ae', 'Khalid', 'Al Suwaidi']])
      await q(db, sql`insert into users (email, password_hash, first_name, last_name, role, unicode, kyc_status) values (${email}, 'x', ${first}, ${last}, 'investor', ${`MZ-${first.toUpperCase()}`}, 'approved')`);
    expect(await seedCommunity(db)).toEqual({ seeded: true });
    expect(await seedCommunity(db)).toEqual({ seeded: false });
    const cats = (await listCategories(db)).items;
    expect(cats.reduce((n, c) => n + c.threads, 0)).toBe(DEMO_THREADS.length);
    expect(cats.reduce((n, c) => n + c.posts, 0)).toBe(DEMO_THREADS.reduce((n, t) => n + t.posts.length, 0));
    const [withProperty] = await q<{ n: string }>(db, sql`select count(*)::text as n from community_threads where property_id is not null`);
    expect(withProperty!.n).toBe('2');
    const [html] = await q<{ html: string }>(db, sql`select html from community_posts where body like '%**exactly**%'`);
    expect(html!.html).toContain('<strong>exactly</strong>');
  });
});
