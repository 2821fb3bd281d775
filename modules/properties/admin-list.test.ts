import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { adminSession, parseCsv } from '@tests/helpers/admin-session';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import type { AdminPropertyList } from './admin-list-contract';
import { SHARE_SCALE } from './contract';
import { properties } from './schema';

describeEachDb('GET /api/admin/properties (the list contract)', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let get: (path: string) => Promise<Response>;
  const json = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    return (await res.json()) as AdminPropertyList;
  };
  const N = 60;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createApp({ db: database.db });
    ({ get } = await adminSession(database.db, app));
    // 61 drafts created a minute apart; "Résidence Côte d’Azur" is the oldest and the least valuable, never on page one.
    const start = Date.UTC(2026, 0, 1);
    await database.db.insert(properties).values(
      Array.from({ length: N + 1 }, (_, i) => {
        const sharePrice = 100_000n;
        const shares = 1000n + BigInt(i);
        return {
          reference: `MZ-LST-${String(i).padStart(3, '0')}`,
          slug: `list-property-${i}`,
          title: i === 0 ? '=Résidence Côte d’Azur' : `Marina Tower ${i}`,
          community: i === 0 ? 'Al Jaddaf' : 'Dubai Marina',
          city: i % 2 === 0 ? 'Dubai' : 'Abu Dhabi',
          propertyType: 'apartment',
          sizeSqft: 1000,
          status: i % 4 === 0 ? 'funding' : 'draft',
          sharePrice,
          totalShares: shares * SHARE_SCALE,
          fundingTarget: sharePrice * shares,
          purchasePrice: sharePrice * shares,
          valuation: sharePrice * shares,
          createdAt: new Date(start + i * 60_000),
        };
      }),
    );
  });
  afterAll(() => database.close());

  it('a search finds the property beyond the first page, ignoring accents and case', async () => {
    const first = await json('/api/admin/properties?sort=-createdAt');
    expect(first).toMatchObject({ total: N + 1, limit: 50, offset: 0 });
    expect(first.items).toHaveLength(50);
    expect(first.items.some((p) => p.reference === 'MZ-LST-000')).toBe(false);
    for (const q of ['residence cote', 'RÉSIDENCE', 'azur jaddaf', 'mz-lst-000', 'list-property-0']) {
      const found = await json(`/api/admin/properties?q=${encodeURIComponent(q)}&sort=-createdAt`);
      expect(found.items.map((p) => p.reference), q).toContain('MZ-LST-000');
      if (q !== 'list-property-0') expect(found.total, q).toBe(1);
    }
    expect((await json('/api/admin/properties?q=_')).total).toBe(0);
  });

  it('total is the filtered total; sorts both ways; the catalogue words still work', async () => {
    const funding = await json('/api/admin/properties?status=funding&limit=5&offset=10');
    expect(funding.total).toBe(16);
    expect(funding.items).toHaveLength(5);
    expect((await json('/api/admin/properties?city=abu%20dhabi&q=marina')).total).toBe(30);
    const asc = await json('/api/admin/properties?sort=createdAt&limit=200');
    const desc = await json('/api/admin/properties?sort=-createdAt&limit=200');
    expect(asc.items[0]!.reference).toBe('MZ-LST-000');
    expect(desc.items.map((p) => p.id)).toEqual([...asc.items].reverse().map((p) => p.id));
    expect(asc.items.map((p) => p.createdAt)).toEqual([...asc.items.map((p) => p.createdAt)].sort());
    expect((await json('/api/admin/properties?sort=value_asc&limit=1')).items[0]!.reference).toBe('MZ-LST-000');
    expect((await json('/api/admin/properties?sort=-valuation&limit=1')).items[0]!.reference).toBe(`MZ-LST-0${N}`);
    const featured = await json('/api/admin/properties?sort=featured&limit=200');
    expect(featured.items.slice(0, 16).every((p) => p.status === 'funding')).toBe(true);
    const a = await json('/api/admin/properties?sort=status&limit=30');
    const b = await json('/api/admin/properties?sort=status&limit=40&offset=30');
    expect(new Set([...a.items, ...b.items].map((p) => p.id)).size).toBe(N + 1);
  });

  it.each(['limit=0', 'limit=201', 'limit=-1', 'limit=abc', 'offset=-1', 'sort=slug', 'status=sold'])('answers 400 to %s', async (query) => {
    const res = await get(`/api/admin/properties?${query}`);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('validation_failed');
  });

  it('exports exactly the rows of the search as CSV, formulas neutralised', async () => {
    const res = await get('/api/admin/properties/export?q=cote&limit=1&offset=4');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="manzil-properties-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(await res.text());
    expect(rows[0]!.slice(0, 3)).toEqual(['Reference', 'Title', 'Status']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[8], r[13]])).toEqual([['MZ-LST-000', "'=Résidence Côte d’Azur", 'funding', '1000.00', '1000000.00']]);
    expect(parseCsv(await (await get('/api/admin/properties/export?status=draft')).text())).toHaveLength(N + 1 - 16 + 1);
    expect((await app.handle(new Request('http://localhost/api/admin/properties/export'))).status).toBe(401);
  });
});
