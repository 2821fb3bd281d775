import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { seedDatabase } from '@db/seed';
import { TestClient } from '@tests/helpers/client';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import { catalogue, CATALOGUE_TTL_MS } from './catalogue';
import { SHARE_SCALE, type PropertyDetailJson, type PropertyListJson } from './contract';
import { DEMO_PROPERTIES } from './demo-data';
import { properties } from './schema';
import { seedDemoProperties } from './seed';

const draftInput = {
  title: 'Bluewaters two-bedroom',
  summary: 'A two-bedroom on Bluewaters Island facing Ain Dubai.',
  description: 'A 1,300 sq ft two-bedroom with a balcony over the sea.',
  community: 'Bluewaters Island',
  city: 'Dubai',
  propertyType: 'apartment',
  bedrooms: 2,
  bathrooms: 3,
  sizeSqft: 1300,
  features: ['Sea view', 'Beach access'],
  sharePrice: '10000',
  totalShares: String(34_000n * SHARE_SCALE),
  purchasePrice: '320000000',
  acquisitionCosts: '20000000',
  valuation: '330000000',
  annualRent: '22000000',
  serviceCharges: '2600000',
  maintenanceCosts: '600000',
  managementFeeBps: 500,
  occupancyBps: 9500,
  projectedAppreciationBps: 500,
  fundingDeadline: '2099-01-31',
};

describeEachDb('properties API', (kind) => {
  let database: Database;
  let app: { handle: (r: Request) => Promise<Response> };
  let admin: TestClient;
  let investor: TestClient;
  let visitor: TestClient;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDatabase(database.db, { DEMO: '1' });
    app = createApp({ db: database.db });
    admin = new TestClient(app);
    investor = new TestClient(app);
    visitor = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
    expect((await investor.post('/api/auth/login', { username: 'omar', password: 'ManzilInvest#2026' })).status).toBe(200);
  });
  afterAll(() => database.close());

  /** A multipart upload as the browser sends it (TestClient only sends JSON). */
  const upload = (client: TestClient, path: string, form: FormData) =>
    app.handle(
      new Request(`http://localhost${path}`, {
        method: 'POST',
        headers: { cookie: client.cookieHeader(), 'x-csrf-token': client.cookies.get('XSRF-TOKEN') ?? '', 'x-client-ip': '10.1.1.1' },
        body: form,
      }),
    );

  describe('demo seed', () => {
    it('lists at least six published properties in Dubai and Abu Dhabi, in several statuses', async () => {
      const { status, body } = await visitor.json<PropertyListJson>('GET', '/api/properties?pageSize=50');
      expect(status).toBe(200);
      expect(body.total).toBeGreaterThanOrEqual(6);
      expect(new Set(body.items.map((p) => p.city))).toEqual(new Set(['Dubai', 'Abu Dhabi']));
      expect(new Set(body.items.map((p) => p.status))).toEqual(new Set(['funding', 'funded', 'coming_soon', 'exited']));
      // Drafts never reach the public catalogue.
      expect(body.items.some((p) => p.status === ('draft' as string))).toBe(false);
      for (const p of body.items) {
        expect(p.cover?.url).toMatch(/^\/properties\/.+\.svg$/);
        expect(BigInt(p.sharesSold)).toBeLessThanOrEqual(BigInt(p.totalShares));
        expect(BigInt(p.fundingTarget) * SHARE_SCALE).toBe(BigInt(p.sharePrice) * BigInt(p.totalShares));
        expect(p.grossYieldBps).toBeGreaterThan(0);
        expect(p.netYieldBps).toBeGreaterThan(0);
      }
    });

    it('is idempotent', async () => {
      const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(properties);
      expect(await seedDemoProperties(database.db)).toEqual({ created: 0 });
      await seedDatabase(database.db, { DEMO: '1' });
      const after = await database.db.select({ n: sql<number>`count(*)::int` }).from(properties);
      expect(after[0].n).toBe(before[0].n);
      expect(before[0].n).toBe(DEMO_PROPERTIES.length);
    });
  });

  describe('public list', () => {
    it('returns the contract fields: id, title, status, sharePrice, totalShares, sharesSold, funded percentage', async () => {
      const { body } = await visitor.json<PropertyListJson>('GET', '/api/properties?status=funding&sort=funded');
      const p = body.items[0];
      expect(p).toMatchObject({ id: expect.any(String), title: expect.any(String), status: 'funding', sharePrice: expect.stringMatching(/^\d+$/), totalShares: expect.stringMatching(/^\d+$/), sharesSold: expect.stringMatching(/^\d+$/) });
      expect(p.fundedPercent).toBe(p.fundedBps / 100);
      expect(p.fundedBps).toBe(Number((BigInt(p.sharesSold) * 10_000n) / BigInt(p.totalShares)));
      // Sorted by funded share, highest first.
      const funded = body.items.map((i) => i.fundedBps);
      expect(funded).toEqual([...funded].sort((a, b) => b - a));
    });

    it('filters by city, type, yield and value, searches and paginates', async () => {
      const auh = await visitor.json<PropertyListJson>('GET', '/api/properties?city=abu%20dhabi');
      expect(auh.body.items.length).toBeGreaterThan(0);
      expect(auh.body.items.every((p) => p.city === 'Abu Dhabi')).toBe(true);

      const villas = await visitor.json<PropertyListJson>('GET', '/api/properties?type=villa');
      expect(villas.body.items.map((p) => p.reference)).toEqual(['MZ-DXB-003']);

      const highYield = await visitor.json<PropertyListJson>('GET', '/api/properties?minYieldBps=500');
      expect(highYield.body.items.every((p) => p.netYieldBps >= 500)).toBe(true);

      const cheap = await visitor.json<PropertyListJson>('GET', `/api/properties?maxValue=${2_500_000_00}`);
      expect(cheap.body.items.length).toBeGreaterThan(0);
      expect(cheap.body.items.every((p) => BigInt(p.valuation) <= 250_000_000n)).toBe(true);

      const search = await visitor.json<PropertyListJson>('GET', '/api/properties?q=saadiyat');
      expect(search.body.items.map((p) => p.reference)).toEqual(['MZ-AUH-001']);
      // LIKE wildcards are literal.
      expect((await visitor.json<PropertyListJson>('GET', '/api/properties?q=%25')).body.total).toBe(0);

      const page1 = await visitor.json<PropertyListJson>('GET', '/api/properties?pageSize=3&page=1&sort=value_asc');
      const page2 = await visitor.json<PropertyListJson>('GET', '/api/properties?pageSize=3&page=2&sort=value_asc');
      expect(page1.body.items).toHaveLength(3);
      expect(page1.body.pages).toBe(Math.ceil(page1.body.total / 3));
      const values = [...page1.body.items, ...page2.body.items].map((p) => BigInt(p.valuation));
      expect(values).toEqual([...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(new Set([...page1.body.items, ...page2.body.items].map((p) => p.id)).size).toBe(page1.body.items.length + page2.body.items.length);
      const beyond = await visitor.json<PropertyListJson>('GET', '/api/properties?pageSize=3&page=99');
      expect(beyond.body.items).toHaveLength(0);
      expect(beyond.body.total).toBe(page1.body.total);
    });

    it('answers 400 to a bad query', async () => {
      expect((await visitor.get('/api/properties?type=castle')).status).toBe(400);
      expect((await visitor.get('/api/properties?pageSize=1000')).status).toBe(400);
    });
  });

  describe('detail', () => {
    it('finds a published property by id, slug or reference, with photos, documents and history', async () => {
      const bySlug = await visitor.json<PropertyDetailJson>('GET', '/api/properties/marina-gate-two-bedroom-sea-view');
      expect(bySlug.status).toBe(200);
      const p = bySlug.body;
      expect(p.reference).toBe('MZ-DXB-001');
      expect(p.photos.length).toBeGreaterThanOrEqual(3);
      expect(p.documents.map((d) => d.kind)).toEqual(expect.arrayContaining(['title_deed', 'valuation_report', 'vehicle_documents']));
      expect(p.valuations.length).toBeGreaterThanOrEqual(2);
      expect(p.valuations.at(-1)!.valuation).toBe(p.valuation);
      expect(BigInt(p.netIncome)).toBe(BigInt(p.collectedRent) - BigInt(p.managementFee) - BigInt(p.serviceCharges) - BigInt(p.maintenanceCosts));
      expect((await visitor.json('GET', `/api/properties/${p.id}`)).body).toMatchObject({ id: p.id });
      expect((await visitor.json('GET', '/api/properties/mz-dxb-001')).body).toMatchObject({ id: p.id });
    });

    it('answers 404 for an unknown id and for a draft', async () => {
      expect((await visitor.get('/api/properties/no-such-property')).status).toBe(404);
      expect((await visitor.get('/api/properties/00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await visitor.get('/api/properties/MZ-DXB-005')).status).toBe(404);
    });

    it('quotes an investment with the same function the invest panel uses', async () => {
      const { status, body } = await visitor.json('GET', '/api/properties/MZ-DXB-001/quote?amount=100000&chargeBps=250');
      expect(status).toBe(200);
      expect(body).toMatchObject({ units: '100000', principal: '100000', vat: '125', total: '102625', problem: null });
      expect((await visitor.json('GET', '/api/properties/MZ-DXB-001/quote?amount=19999')).body.problem).toBe('below_minimum');
    });
  });

  describe('admin', () => {
    it('answers 401 to visitors and 403 to investors before validating input', async () => {
      for (const [method, path, body] of [
        ['GET', '/api/admin/properties'],
        ['POST', '/api/admin/properties', { nonsense: true }],
        ['POST', '/api/admin/properties/00000000-0000-4000-8000-000000000000/publish'],
        ['PATCH', '/api/admin/properties/not-a-uuid', {}],
        ['GET', '/api/admin/market-data/indices'],
        ['POST', '/api/admin/market-data/indices', {}],
      ] as [string, string, unknown?][]) {
        expect((await visitor.request(method, path, body)).status, `${method} ${path} as visitor`).toBe(401);
        expect((await investor.request(method, path, body)).status, `${method} ${path} as investor`).toBe(403);
      }
    });

    it('validates a new property with messages a person can act on', async () => {
      const missing = await admin.json('POST', '/api/admin/properties', { ...draftInput, title: 'x' });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toMatch(/title of 3 to 120/);
      const badCity = await admin.json('POST', '/api/admin/properties', { ...draftInput, city: 'Atlantis' });
      expect(badCity.status).toBe(400);
      const uneven = await admin.json('POST', '/api/admin/properties', { ...draftInput, sharePrice: '333', totalShares: '1' });
      expect(uneven.status).toBe(400);
      expect(uneven.body.message).toMatch(/whole number of fils/);
      const float = await admin.json('POST', '/api/admin/properties', { ...draftInput, annualRent: 12.5 });
      expect(float.status).toBe(400);
    });

    let created: PropertyDetailJson;
    it('creates a draft with a reference, a slug, derived yields and an audit entry', async () => {
      const res = await admin.json<PropertyDetailJson>('POST', '/api/admin/properties', draftInput);
      expect(res.status).toBe(201);
      created = res.body;
      expect(created).toMatchObject({ status: 'draft', reference: 'MZ-DXB-006', slug: 'bluewaters-two-bedroom', fundingTarget: '340000000', sharesSold: '0' });
      expect(created.grossYieldBps).toBe(667);
      expect(created.netYieldBps).toBeGreaterThan(0);
      expect(created.valuations).toHaveLength(1);
      // Not public yet.
      expect((await visitor.get(`/api/properties/${created.id}`)).status).toBe(404);
      const audit = await admin.json('GET', `/api/admin/audit?entityType=property&entityId=${created.id}`);
      expect(audit.body.items.map((e: { action: string }) => e.action)).toEqual(['property.create']);
      // The same reference twice is a conflict.
      expect((await admin.json('POST', '/api/admin/properties', { ...draftInput, reference: 'MZ-DXB-006' })).status).toBe(409);
    });

    it('edits a property and records what changed', async () => {
      const res = await admin.json<PropertyDetailJson>('PATCH', `/api/admin/properties/${created.id}`, { annualRent: '23100000', title: 'Bluewaters Residences two-bedroom' });
      expect(res.status).toBe(200);
      expect(res.body.title).toBe('Bluewaters Residences two-bedroom');
      expect(res.body.grossYieldBps).toBe(700);
      const audit = await admin.json('GET', `/api/admin/audit?entityType=property&entityId=${created.id}&action=property.update`);
      expect(audit.body.items[0].summary).toMatch(/annualRent/);
      expect(audit.body.items[0].details.before.annualRent).toBe('22000000');
    });

    it('refuses to publish without a photo, then publishes once it has one', async () => {
      const refused = await admin.json('POST', `/api/admin/properties/${created.id}/publish`);
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(/at least one photo/);

      const png = await Bun.file(new URL('../../site/public/og/manzil-og.png', import.meta.url)).arrayBuffer();
      const form = new FormData();
      form.set('file', new Blob([png], { type: 'image/png' }), 'photo.png');
      form.set('alt', 'Bluewaters Island at sunset');
      const up = await upload(admin, `/api/admin/properties/${created.id}/photos`, form);
      expect(up.status, await up.clone().text()).toBe(201);
      const photo = await up.json();
      expect(photo.url).toMatch(/^\/api\/files\//);
      // Public: anyone can load it.
      expect((await visitor.get(photo.url)).status).toBe(200);

      const pdfForm = new FormData();
      pdfForm.set('file', new Blob([new TextEncoder().encode('not a pdf at all')]), 'deed.pdf');
      pdfForm.set('kind', 'title_deed');
      pdfForm.set('title', 'Title deed');
      expect((await upload(admin, `/api/admin/properties/${created.id}/documents`, pdfForm)).status).toBe(400);

      const published = await admin.json<PropertyDetailJson>('POST', `/api/admin/properties/${created.id}/publish`);
      expect(published.status).toBe(200);
      expect(published.body.status).toBe('funding');
      expect(published.body.publishedAt).not.toBeNull();
      const pub = await visitor.json<PropertyDetailJson>('GET', `/api/properties/${created.slug}`);
      expect(pub.status).toBe(200);
      expect(pub.body.photos).toHaveLength(1);
      // Publishing twice is a conflict.
      expect((await admin.json('POST', `/api/admin/properties/${created.id}/publish`)).status).toBe(409);
      const audit = await admin.json('GET', `/api/admin/audit?entityType=property&entityId=${created.id}`);
      expect(audit.body.items.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['property.publish', 'property.photo.add']));
    });

    it('locks share price and count once shares are sold, and keeps shares_sold within the total', async () => {
      await database.db.update(properties).set({ sharesSold: 10n * SHARE_SCALE }).where(eq(properties.id, created.id));
      const locked = await admin.json('PATCH', `/api/admin/properties/${created.id}`, { sharePrice: '20000' });
      expect(locked.status).toBe(409);
      // The database refuses overselling.
      await expect(database.db.update(properties).set({ sharesSold: sql`${properties.totalShares} + 1` }).where(eq(properties.id, created.id))).rejects.toThrow();
      await expect(database.db.update(properties).set({ sharesSold: -1n }).where(eq(properties.id, created.id))).rejects.toThrow();
      // Withdrawing with investors inside is refused; closing funding works.
      expect((await admin.json('POST', `/api/admin/properties/${created.id}/close`)).status).toBe(422);
      const funded = await admin.json<PropertyDetailJson>('POST', `/api/admin/properties/${created.id}/funded`);
      expect(funded.body.status).toBe('funded');
      expect((await admin.json('POST', `/api/admin/properties/${created.id}/nonsense`)).status).toBe(400);
    });

    it('lists every status for admins with server-side filters', async () => {
      const drafts = await admin.json<PropertyListJson>('GET', '/api/admin/properties?status=draft');
      expect(drafts.body.items.map((p) => p.reference)).toEqual(['MZ-DXB-005']);
    });
  });

  describe('market data', () => {
    it('records valuations and rents over time and updates the property', async () => {
      const [p] = await database.db.select().from(properties).where(eq(properties.reference, 'MZ-AUH-002'));
      const v = await admin.json('POST', `/api/admin/market-data/properties/${p.id}/valuations`, { valuedOn: '2099-01-01', valuation: '310000000', source: 'Independent RICS valuer' });
      expect(v.status).toBe(200);
      expect(v.body.property.valuation).toBe('310000000');
      expect(v.body.valuations.at(-1)).toMatchObject({ valuedOn: '2099-01-01', valuation: '310000000' });
      const r = await admin.json('POST', `/api/admin/market-data/properties/${p.id}/rents`, { effectiveOn: '2099-01-01', annualRent: '21000000', occupancyBps: 9800 });
      expect(r.status).toBe(200);
      expect(r.body.property).toMatchObject({ annualRent: '21000000', occupancyBps: 9800 });
      expect(r.body.property.grossYieldBps).toBe(677);
      // Removing the latest valuation falls back to the one before.
      const removed = await admin.json('DELETE', `/api/admin/market-data/properties/${p.id}/valuations/${v.body.valuations.at(-1).id}`);
      expect(removed.body.property.valuation).toBe(String(p.valuation));
      expect((await admin.json('POST', `/api/admin/market-data/properties/${p.id}/rents`, { effectiveOn: '2099-02-30', annualRent: '1', occupancyBps: 9800 })).status).toBe(400);
    });

    it('keeps market index figures per series and month, seeded for two years', async () => {
      const list = await admin.json('GET', '/api/admin/market-data/indices');
      const dubai = list.body.series.find((s: { key: string }) => s.key === 'dubai-price-index');
      expect(dubai.figures).toHaveLength(24);
      const up = await admin.json('POST', '/api/admin/market-data/indices', { series: 'dubai-price-index', month: '2099-01', value: '20000' });
      expect(up.status).toBe(200);
      const again = await admin.json('POST', '/api/admin/market-data/indices', { series: 'dubai-price-index', month: '2099-01', value: '20100' });
      const figures = again.body.series.find((s: { key: string }) => s.key === 'dubai-price-index').figures;
      expect(figures.filter((f: { period: string }) => f.period === '2099-01')).toEqual([expect.objectContaining({ value: '20100' })]);
      expect((await admin.json('POST', '/api/admin/market-data/indices', { series: 'moon-index', month: '2099-01', value: '1' })).status).toBe(400);
    });
  });

  describe('the pages’ catalogue', () => {
    it('reads the same data in process, and forgets cached listings after an admin write', async () => {
      const before = await catalogue().list({ status: 'funding', pageSize: 50 });
      const target = before.items.find((p) => p.reference === 'MZ-AUH-002')!;
      await admin.json('PATCH', `/api/admin/properties/${target.id}`, { title: 'Yas Acres three-bedroom townhouse by the golf course' });
      const after = await catalogue().list({ status: 'funding', pageSize: 50 });
      expect(after.items.find((p) => p.id === target.id)!.title).toBe('Yas Acres three-bedroom townhouse by the golf course');
      expect(CATALOGUE_TTL_MS).toBeLessThanOrEqual(5000);
    });
  });
});
