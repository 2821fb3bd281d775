/**
 * Seeds a fresh PGlite data dir for the properties benchmark: the demo accounts and catalogue, then
 * generated listings until `count` properties are published. Run as its own process (PGlite allows
 * one process per data dir), before the server starts:  bun tests/bench/properties-seed.ts <dataDir> [count]
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '@db/client';
import { seedDatabase } from '@db/seed';
import { PUBLIC_STATUSES, type PropertyStatus } from '@modules/properties/contract';
import { DEMO_PROPERTIES, photoPath } from '@modules/properties/demo-data';
import { properties, propertyPhotos } from '@modules/properties/schema';
import { demoPropertyRow } from '@modules/properties/seed';

const [dataDir, countArg] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: bun tests/bench/properties-seed.ts <dataDir> [count]');
const count = Number(countArg ?? 100);

const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
await migrateDatabase(database);
await seedDatabase(database.db, { DEMO: '1' });
const db = database.db;
const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(properties).where(sql`${properties.status} in ('coming_soon', 'funding', 'funded', 'exited')`);
const statuses: PropertyStatus[] = ['funding', 'funding', 'funding', 'coming_soon', 'funded', 'exited'];
const templates = DEMO_PROPERTIES.filter((d) => (PUBLIC_STATUSES as readonly string[]).includes(d.status));
for (let i = 0; i < count - n; i++) {
  const t = templates[i % templates.length];
  const status = statuses[i % statuses.length];
  const d = {
    ...t,
    reference: `MZ-BEN-${String(i + 1).padStart(3, '0')}`,
    slug: `${t.slug}-bench-${i + 1}`,
    title: `${t.title} (${i + 1})`,
    status,
    soldPercent: status === 'funded' || status === 'exited' ? 100 : status === 'coming_soon' ? 0 : (i * 7.3) % 95,
    purchasePrice: t.purchasePrice + i * 10_000,
    deadlineInDays: status === 'funding' || status === 'coming_soon' ? 20 + (i % 70) : -30,
    publishedDaysAgo: 1 + (i % 200),
  };
  const [row] = await db.insert(properties).values(demoPropertyRow(d, new Date(), null)).returning({ id: properties.id });
  await db.insert(propertyPhotos).values(t.photos.map(([, alt], j) => ({ propertyId: row.id, url: photoPath(t.slug, j + 1), alt, position: j })));
}
const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(properties).where(sql`${properties.status} in ('coming_soon', 'funding', 'funded', 'exited')`);
await database.close();
console.log(`[bench] seeded ${total} published properties into ${dataDir}`);
