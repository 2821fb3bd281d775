import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { adminSession, parseCsv } from '@tests/helpers/admin-session';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import { ledgerAccounts, ledgerCostCenters } from './schema';

type Page = { items: { id: string; code: string; name: string; parent: string | null; archived: boolean; createdAt: string }[]; total: number };

describeEachDb('GET /api/admin/ledger/accounts and /cost-centers (the list contract, and /options for pickers)', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let get: (path: string) => Promise<Response>;
  const json = async (path: string) => {
    const res = await get(`/api/admin/ledger${path}`);
    expect(res.status, path).toBe(200);
    return (await res.json()) as Page;
  };
  const N = 60;
  let accountsBefore = 0;
  let centersBefore = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createApp({ db: database.db });
    ({ get } = await adminSession(database.db, app));
    accountsBefore = (await database.db.select().from(ledgerAccounts)).length;
    centersBefore = (await database.db.select().from(ledgerCostCenters)).length;
    // A group and 60 expense accounts under it; "Réception et café" (Z059) sorts last by code, never on page one.
    const start = Date.UTC(2026, 0, 1);
    const [group] = await database.db.insert(ledgerAccounts).values({ code: 'Z000', name: 'Listed expenses', type: 'expense', isGroup: true, createdAt: new Date(start) }).returning();
    await database.db.insert(ledgerAccounts).values(
      Array.from({ length: N }, (_, i) => ({
        code: `Z${String(i + 1).padStart(3, '0')}`,
        name: i === N - 1 ? '=Réception et café' : `Listed expense ${i + 1}`,
        type: 'expense' as const,
        parentId: group!.id,
        archivedAt: i % 10 === 0 ? new Date(start) : null,
        createdAt: new Date(start + (i + 1) * 60_000),
      })),
    );
    const [root] = await database.db.insert(ledgerCostCenters).values({ code: 'ZPROJ', name: 'Listed projects', kind: 'project', createdAt: new Date(start) }).returning();
    await database.db.insert(ledgerCostCenters).values(
      Array.from({ length: N }, (_, i) => ({
        code: `ZP-${String(i + 1).padStart(3, '0')}`,
        name: i === N - 1 ? 'Façade Jumeirah' : `Listed project ${i + 1}`,
        kind: i === N - 1 ? 'property' : 'project',
        property: i === N - 1 ? 'jumeirah-villa' : null,
        parentId: root!.id,
        createdAt: new Date(start + (i + 1) * 60_000),
      })),
    );
  });
  afterAll(() => database.close());

  it('accounts: a search finds the account beyond the first page, ignoring accents and case', async () => {
    const first = await json('/accounts?sort=code');
    expect(first.total).toBe(accountsBefore + N + 1);
    expect(first.items.length).toBeLessThanOrEqual(50);
    expect(first.items.some((a) => a.code === 'Z060')).toBe(false);
    for (const q of ['reception', 'RÉCEPTION CAFE', 'z060']) {
      const found = await json(`/accounts?q=${encodeURIComponent(q)}`);
      expect(found, q).toMatchObject({ total: 1, items: [{ code: 'Z060', name: '=Réception et café', parent: 'Z000' }] });
    }
  });

  it('accounts: total is the filtered total, sorts both ways, archived ones can be left out', async () => {
    const listed = await json('/accounts?q=listed&limit=10&offset=55');
    expect(listed.total).toBe(N);
    expect(listed.items).toHaveLength(5);
    expect((await json('/accounts?q=listed&includeArchived=false')).total).toBe(N - 6);
    const asc = await json('/accounts?q=listed&sort=createdAt&limit=200');
    const desc = await json('/accounts?q=listed&sort=-createdAt&limit=200');
    expect(asc.items[0]!.code).toBe('Z000');
    expect(desc.items.map((a) => a.id)).toEqual([...asc.items].reverse().map((a) => a.id));
    expect((await json('/accounts?q=z0&sort=-code&limit=1')).items[0]!.code).toBe('Z060');
    for (const bad of ['limit=0', 'limit=201', 'limit=-1', 'limit=abc', 'offset=-1', 'sort=parent', 'type=cash', 'includeArchived=yes']) {
      const res = await get(`/api/admin/ledger/accounts?${bad}`);
      expect(res.status, bad).toBe(400);
      expect((await res.json()).error).toBe('validation_failed');
    }
  });

  it('accounts: the CSV holds exactly the rows of the search; /options gives pickers the whole chart', async () => {
    const res = await get('/api/admin/ledger/accounts/export?q=cafe&limit=1&offset=3');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="manzil-chart-of-accounts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(await res.text());
    expect(rows[0]!.slice(0, 4)).toEqual(['Code', 'Name', 'Type', 'Parent']);
    expect(rows.slice(1).map((r) => r.slice(0, 4))).toEqual([['Z060', "'=Réception et café", 'Expenses', 'Z000']]);
    const options = await json('/accounts/options');
    expect(options.total).toBe(accountsBefore + N + 1);
    expect(options.items).toHaveLength(accountsBefore + N + 1);
    expect((await json('/accounts/options?includeArchived=false')).items.some((a) => a.archived)).toBe(false);
    expect((await app.handle(new Request('http://localhost/api/admin/ledger/accounts/export'))).status).toBe(401);
  });

  it('cost centers: search beyond the first page, total, sort both ways, 400s, CSV and /options', async () => {
    const first = await json('/cost-centers');
    expect(first.total).toBe(centersBefore + N + 1);
    expect(first.items.some((c) => c.code === 'ZP-060')).toBe(false);
    for (const q of ['facade', 'FAÇADE jumeirah', 'jumeirah-villa', 'zp-060']) {
      expect(await json(`/cost-centers?q=${encodeURIComponent(q)}`), q).toMatchObject({ total: 1, items: [{ code: 'ZP-060', parent: 'ZPROJ' }] });
    }
    expect((await json('/cost-centers?kind=project&q=listed&limit=5')).total).toBe(N);
    const asc = await json('/cost-centers?q=listed&sort=createdAt&limit=200');
    const desc = await json('/cost-centers?q=listed&sort=-createdAt&limit=200');
    expect(desc.items.map((c) => c.id)).toEqual([...asc.items].reverse().map((c) => c.id));
    for (const bad of ['limit=0', 'limit=201', 'sort=property', 'kind=team']) expect((await get(`/api/admin/ledger/cost-centers?${bad}`)).status, bad).toBe(400);
    const rows = parseCsv(await (await get('/api/admin/ledger/cost-centers/export?q=facade')).text());
    expect(rows.slice(1).map((r) => r.slice(0, 5))).toEqual([['ZP-060', 'Façade Jumeirah', 'property', 'ZPROJ', 'jumeirah-villa']]);
    expect((await json('/cost-centers/options')).items).toHaveLength(centersBefore + N + 1);
  });

  it('cost centers: active or archived only; the CSV of a filter neutralises formulas', async () => {
    await database.db.update(ledgerCostCenters).set({ archivedAt: new Date(), description: '+971 4 000 0000, the site office' }).where(inArray(ledgerCostCenters.code, ['ZP-003', 'ZP-017']));
    const archived = await json('/cost-centers?status=archived&q=listed');
    expect(archived.total).toBe(2);
    expect(archived.items.map((c) => [c.code, c.archived])).toEqual([['ZP-003', true], ['ZP-017', true]]);
    expect((await json('/cost-centers?status=active&q=listed')).total).toBe(N - 2);
    expect((await json('/cost-centers?q=listed')).total).toBe(N);
    expect((await get('/api/admin/ledger/cost-centers?status=gone')).status).toBe(400);
    const rows = parseCsv(await (await get('/api/admin/ledger/cost-centers/export?status=archived&sort=-code')).text());
    expect(rows.slice(1).map((r) => [r[0], r[5], r[6]])).toEqual([
      ['ZP-017', 'Yes', "'+971 4 000 0000, the site office"],
      ['ZP-003', 'Yes', "'+971 4 000 0000, the site office"],
    ]);
  });
});
