import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { seedDatabase } from '@db/seed';
import { TestClient } from '@tests/helpers/client';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import { seedChartOfAccounts } from '../ledger';
import type { AuditEntryJson } from './contract';
import { auditLog } from './schema';
import { recordAudit } from './service';
import type { SettingJson } from '../settings';
import { getRetailAnnualLimitFils } from '../settings';

describeEachDb('audit log and settings', (kind) => {
  let database: Database;
  let admin: TestClient;
  let investor: TestClient;
  let visitor: TestClient;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDatabase(database.db, { DEMO: '1' });
    await seedChartOfAccounts(database.db);
    const app = createApp({ db: database.db });
    admin = new TestClient(app);
    investor = new TestClient(app);
    visitor = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
    expect((await investor.post('/api/auth/login', { username: 'omar', password: 'ManzilInvest#2026' })).status).toBe(200);
  });
  afterAll(() => database.close());

  const log = async (query = '') => {
    const res = await admin.json<{ items: AuditEntryJson[]; total: number }>('GET', `/api/admin/audit${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  it('is for administrators only', async () => {
    expect((await visitor.json('GET', '/api/admin/audit')).status).toBe(401);
    expect((await investor.json('GET', '/api/admin/audit')).status).toBe(403);
    expect((await investor.json('GET', '/api/admin/settings')).status).toBe(403);
    expect((await investor.json('PUT', '/api/admin/settings/retailAnnualLimit', { value: '1' })).status).toBe(403);
  });

  it('records ledger actions with who did them, and not failed attempts', async () => {
    const created = await admin.json<{ id: string; number: string }>('POST', '/api/admin/ledger/journal-entries', {
      date: '2026-03-10',
      memo: 'Office coffee',
      lines: [
        { accountCode: '6110', debit: 5000, credit: 0 },
        { accountCode: '1110', debit: 0, credit: 5000 },
      ],
    });
    expect(created.status).toBe(201);
    expect((await admin.json('POST', `/api/admin/ledger/journal-entries/${created.body.id}/post`)).status).toBe(200);
    const unbalanced = await admin.json('POST', '/api/admin/ledger/journal-entries', {
      date: '2026-03-10',
      lines: [
        { accountCode: '6110', debit: 5000, credit: 0 },
        { accountCode: '1110', debit: 0, credit: 4000 },
      ],
    });
    expect(unbalanced.status).toBe(201); // a draft may be unbalanced; posting it may not
    const refused = await admin.json('POST', `/api/admin/ledger/journal-entries/${(unbalanced.body as { id: string }).id}/post`);
    expect(refused.status).toBe(422);

    const { items } = await log(`?entityId=${created.body.id}`);
    expect(items.map((i) => i.action)).toEqual(['ledger.entry.post', 'ledger.entry.draft']);
    expect(items[0]!.actorLabel).toBe('admin@manzil.ae');
    expect(items[0]!.summary).toBe(`Posted journal entry ${created.body.number}`);
    expect(items[1]!.summary).toContain('Office coffee');
    expect((await log('?action=ledger.entry.draft')).total).toBe(2);
    expect((await log('?action=ledger.entry.post')).total).toBe(1); // the refused post is not an action
  });

  it('filters, searches and pages on the server', async () => {
    for (let i = 0; i < 5; i++) {
      await recordAudit(database.db, { actorId: null, action: 'test.bulk', entityType: 'thing', entityId: `T-${i}`, summary: `Bulk event number ${i}` });
    }
    const page = await log('?action=test.bulk&limit=2&offset=1&sort=at');
    expect(page.total).toBe(5);
    expect(page.items.map((i) => i.entityId)).toEqual(['T-1', 'T-2']);
    const search = await log('?q=number%203');
    expect(search.items.map((i) => i.entityId)).toEqual(['T-3']);
    expect(search.items[0]!.actorLabel).toBe('system');
    expect((await admin.json('GET', '/api/admin/audit?limit=0')).status).toBe(400);
    const csv = await admin.request('GET', '/api/admin/audit/export?action=test.bulk');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text.trimEnd().split('\r\n')).toHaveLength(6); // header + 5 rows, CRLF line ends (RFC 4180)
    expect(text).toContain('Bulk event number 4');
  });

  it('follows the list contract: accent-insensitive search, createdAt both ways, the CSV of the same query', async () => {
    await recordAudit(database.db, { actorId: null, action: 'test.contract', entityType: 'thing', entityId: 'C-1', summary: 'Approved Zoë’s application' });
    await recordAudit(database.db, { actorId: null, action: 'test.contract', entityType: 'thing', entityId: 'C-2', summary: '=HYPERLINK("x") in a summary' });
    expect((await log('?q=ZOE')).items.map((i) => i.entityId)).toEqual(['C-1']);
    expect((await log('?action=test.contract&sort=createdAt')).items.map((i) => i.entityId)).toEqual(['C-1', 'C-2']);
    expect((await log('?action=test.contract&sort=-createdAt')).items.map((i) => i.entityId)).toEqual(['C-2', 'C-1']);
    for (const bad of ['limit=201', 'limit=abc', 'offset=-1', 'sort=summary']) expect((await admin.json('GET', `/api/admin/audit?${bad}`)).status).toBe(400);
    const csv = await (await admin.request('GET', '/api/admin/audit/export?action=test.contract&sort=createdAt')).text();
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('at,actor,action,entity_type,entity_id,summary,ip,details');
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"") in a summary"`);
  });

  it('reads from and to as whole days in Dubai (UTC+4)', async () => {
    const at = ['2026-05-31T19:59:59Z', '2026-05-31T20:00:00Z', '2026-06-01T19:59:59Z', '2026-06-01T20:00:00Z'];
    for (const [i, instant] of at.entries()) {
      await database.db.insert(auditLog).values({ action: 'test.dubai-day', entityType: 'thing', entityId: `D-${i}`, summary: `Boundary ${i}`, at: new Date(instant) });
    }
    const ids = async (query: string) => (await log(`?action=test.dubai-day&sort=createdAt${query}`)).items.map((e) => e.entityId);
    expect(await ids('&from=2026-06-01&to=2026-06-01')).toEqual(['D-1', 'D-2']); // 00:00 to 23:59:59 in Dubai
    expect(await ids('&to=2026-05-31')).toEqual(['D-0']);
    expect(await ids('&from=2026-06-02')).toEqual(['D-3']);
  });

  it('is append-only in the database itself', async () => {
    await expect(database.db.execute(sql`UPDATE audit_log SET summary = 'rewritten'`)).rejects.toThrow();
    await expect(database.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    const { total } = await log();
    expect(total).toBeGreaterThan(5);
  });

  it('keeps the retail limit as a setting, validated and audited', async () => {
    expect(await getRetailAnnualLimitFils(database.db)).toBe(18_000_000n);
    const list = await admin.json<{ items: SettingJson[] }>('GET', '/api/admin/settings');
    expect(list.body.items.find((s) => s.key === 'retailAnnualLimit')?.value).toBe('18000000');
    const bad = await admin.json<{ message: string }>('PUT', '/api/admin/settings/retailAnnualLimit', { value: '12.5' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('whole number of fils');
    expect((await admin.json('PUT', '/api/admin/settings/nope', { value: '1' })).status).toBe(404);
    const ok = await admin.json<SettingJson>('PUT', '/api/admin/settings/retailAnnualLimit', { value: '25000000' });
    expect(ok.status).toBe(200);
    expect(ok.body.updatedBy).toBe('admin@manzil.ae');
    expect(await getRetailAnnualLimitFils(database.db)).toBe(25_000_000n);
    const { items } = await log('?action=settings.update');
    expect(items[0]!.details).toMatchObject({ before: '18000000', after: '25000000' });
  });
});
