import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { seedDatabase } from '@db/seed';
import { BASE } from '@tests/helpers/http';
import { TestClient } from '@tests/helpers/client';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import { auditLog } from '../audit/schema';
import { isKycVerified } from '../auth/contract';
import { users } from '../auth/schema';
import { newUnicode } from '../auth/unicode';
import { configureFileStore, localFileStorage } from '../files';
import { notifications } from '../notifications/schema';
import { seedDemoScreeningList } from './screening';
import {
  luhnValid,
  type AdminDocumentListItem,
  type AdminKycDetail,
  type AdminKycListItem,
  type KycApplicationJson,
  type KycDocumentJson,
  type KycMissingItem,
} from './contract';
import { demoJpegHeader, demoPdf, demoPng } from './demo-files';
import { kycApplications, kycStatusHistory } from './schema';
import { seedKycDemo } from './seed';

type App = { handle: (r: Request) => Promise<Response> };

/** A valid Emirates ID for a birth year: 784-YYYY-NNNNNNN plus the Luhn digit. */
function emiratesId(year: number, serial = '1234567') {
  const base = `784${year}${serial}`;
  for (let d = 0; d < 10; d++) if (luhnValid(`${base}${d}`)) return `784-${year}-${serial}-${d}`;
  throw new Error('unreachable');
}

const inYears = (n: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + n);
  return d.toISOString().slice(0, 10);
};

const personal = (over: Record<string, unknown> = {}) => ({
  firstName: 'Aisha',
  lastName: 'Karimi',
  dateOfBirth: '1990-05-01',
  nationality: 'AE',
  idType: 'emirates_id',
  idNumber: emiratesId(1990),
  idExpiryDate: inYears(2),
  ...over,
});
const address = { line1: '12 Marina Walk, Tower B', city: 'Dubai', region: 'Dubai', country: 'AE' };
const financial = (over: Record<string, unknown> = {}) => ({
  employmentStatus: 'employed',
  occupation: 'Engineer',
  employerName: 'Emirates Grid',
  incomeBand: '300k_600k',
  sourceOfFunds: ['salary'],
  netWorthBand: '1m_4m',
  politicallyExposed: false,
  classification: 'retail',
  ...over,
});

describeEachDb('KYC API', (kind) => {
  let database: Database;
  let app: App;
  let admin: TestClient;
  let uploadsDir: string;
  let seq = 0;

  beforeAll(async () => {
    uploadsDir = mkdtempSync(path.join(os.tmpdir(), `kyc-uploads-${kind}-`));
    configureFileStore({ storage: localFileStorage(uploadsDir), key: randomBytes(32) });
    database = await createTestDatabase(kind);
    await seedDatabase(database.db, { DEMO: '1' });
    await seedDemoScreeningList(database.db);
    app = createApp({ db: database.db });
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
  });
  afterAll(async () => {
    await database.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  /** A fresh, signed-in investor. */
  async function investor(name = { firstName: 'Test', lastName: 'Investor' }) {
    seq += 1;
    const email = `kyc-${kind}-${seq}@example.com`;
    const password = 'Investor#2026';
    const [user] = await database.db
      .insert(users)
      .values({ email, passwordHash: await Bun.password.hash(password, { algorithm: 'argon2id', timeCost: 2, memoryCost: 4096 }), ...name, unicode: newUnicode() })
      .returning({ id: users.id });
    const client = new TestClient(app);
    expect((await client.post('/api/auth/login', { username: email, password })).status).toBe(200);
    return { id: user.id, email, client };
  }

  async function upload(client: TestClient | null, type: string | null, bytes: Uint8Array | null, name = 'document.png', mime = 'image/png', headers: Record<string, string> = {}) {
    const form = new FormData();
    if (type !== null) form.set('type', type);
    if (bytes) form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type: mime }));
    const h: Record<string, string> = { 'x-client-ip': '10.9.9.9', ...headers };
    if (client) {
      if (!client.cookies.has('XSRF-TOKEN')) await client.get('/api/kyc');
      h.cookie = client.cookieHeader();
      h['x-csrf-token'] = client.cookies.get('XSRF-TOKEN')!;
    }
    const res = await app.handle(new Request(`${BASE}/api/kyc/documents`, { method: 'POST', headers: h, body: form }));
    return { status: res.status, body: (await res.json()) as any };
  }

  const get = async (client: TestClient) => {
    const res = await client.json<KycApplicationJson>('GET', '/api/kyc');
    expect(res.status).toBe(200);
    return res.body;
  };
  const me = async (client: TestClient) => (await client.json('GET', '/api/auth/me')).body.kycStatus as string;

  /** Every step and the Emirates ID documents, ready to submit. */
  async function complete(client: TestClient, over: { personal?: Record<string, unknown>; financial?: Record<string, unknown> } = {}) {
    expect((await client.json('PUT', '/api/kyc/personal', personal(over.personal))).status).toBe(200);
    expect((await client.json('PUT', '/api/kyc/address', address)).status).toBe(200);
    expect((await client.json('PUT', '/api/kyc/financial', financial(over.financial))).status).toBe(200);
    const docs: Record<string, KycDocumentJson> = {};
    for (const type of ['emirates_id_front', 'emirates_id_back', 'selfie']) {
      const r = await upload(client, type, demoPng(200, 130));
      expect(r.status).toBe(201);
      docs[type] = r.body;
    }
    const poa = await upload(client, 'proof_of_address', demoPdf(['Utility bill']), 'bill.pdf', 'application/pdf');
    expect(poa.status).toBe(201);
    docs.proof_of_address = poa.body;
    return docs;
  }

  describe('access', () => {
    it('answers 401 to a visitor on every investor route and 401/403 on every admin route', async () => {
      const visitor = new TestClient(app);
      for (const [method, p, body] of [
        ['GET', '/api/kyc'],
        ['PUT', '/api/kyc/personal', personal()],
        ['PUT', '/api/kyc/address', address],
        ['PUT', '/api/kyc/financial', financial()],
        ['POST', '/api/kyc/submit', { declaration: true }],
      ] as [string, string, unknown?][]) {
        expect((await visitor.request(method, p, body)).status, `${method} ${p}`).toBe(401);
      }
      expect((await upload(visitor, 'selfie', demoPng())).status).toBe(401);

      const { id, client } = await investor();
      const adminRoutes: [string, string, unknown?][] = [
        ['GET', '/api/admin/kyc'],
        ['GET', `/api/admin/kyc/${id}`],
        ['POST', `/api/admin/kyc/${id}/start-review`, {}],
        ['POST', `/api/admin/kyc/${id}/approve`, {}],
        ['POST', `/api/admin/kyc/${id}/reject`, { reason: 'Not a valid reason at all' }],
        ['POST', `/api/admin/kyc/${id}/request-documents`, { types: ['selfie'], message: 'Please send a clearer selfie' }],
        ['GET', '/api/admin/documents'],
        ['GET', '/api/admin/kyc?status=nonsense'],
      ];
      for (const [method, p, body] of adminRoutes) {
        expect((await visitor.request(method, p, body)).status, `visitor ${method} ${p}`).toBe(401);
        expect((await client.request(method, p, body)).status, `investor ${method} ${p}`).toBe(403);
      }
      expect(await me(client)).toBe('not_started');
    });
  });

  describe('steps', () => {
    it('starts as not_started with every step missing and the retail limit from settings', async () => {
      const { client } = await investor();
      const app0 = await get(client);
      expect(app0.status).toBe('not_started');
      expect(app0.editable).toBe(true);
      expect(app0.personal).toBeNull();
      expect(Object.values(app0.steps).every((s) => !s.complete)).toBe(true);
      expect(app0.missing.map((m) => m.step)).toEqual(['personal', 'documents', 'documents', 'address', 'financial']);
      expect(app0.retailLimit).toEqual({ annualLimit: '18000000', appliesToYou: true, used: '0', remaining: '18000000' });
    });

    it('validates the personal step: 18+, Emirates ID format and check digit, passport format, nationality, expiry', async () => {
      const { client } = await investor();
      const field = async (body: unknown) => {
        const r = await client.json('PUT', '/api/kyc/personal', body);
        expect(r.status).toBe(400);
        expect(r.body.error).toBe('validation_failed');
        return r.body.fields as Record<string, string>;
      };
      const seventeen = new Date();
      seventeen.setUTCFullYear(seventeen.getUTCFullYear() - 17);
      expect((await field(personal({ dateOfBirth: seventeen.toISOString().slice(0, 10) }))).dateOfBirth).toBe('You must be at least 18 years old to invest with Manzil');
      expect((await field(personal({ dateOfBirth: '1990-02-30' }))).dateOfBirth).toBe('Enter your date of birth as YYYY-MM-DD');
      const good = emiratesId(1990);
      const badDigit = `${good.slice(0, -1)}${(Number(good.slice(-1)) + 1) % 10}`;
      expect((await field(personal({ idNumber: badDigit }))).idNumber).toBe('Enter a valid Emirates ID number in the format 784-YYYY-NNNNNNN-N');
      expect((await field(personal({ idNumber: '785-1990-1234567-1' }))).idNumber).toMatch(/784-YYYY-NNNNNNN-N/);
      expect((await field(personal({ idType: 'passport', idNumber: 'AB12' }))).idNumber).toBe('Enter a valid passport number: 6 to 9 letters and digits');
      expect((await field(personal({ idType: 'passport', idNumber: 'AB1234567890' }))).idNumber).toMatch(/6 to 9/);
      expect((await field(personal({ nationality: 'XX' }))).nationality).toBe('Choose your nationality from the list');
      expect((await field(personal({ idExpiryDate: '2020-01-01' }))).idExpiryDate).toMatch(/expired/);
      expect((await field(personal({ firstName: 'A' }))).firstName).toMatch(/first name/);
      expect(await me(client)).toBe('not_started');

      // Valid: the Emirates ID is normalised to its dashed form, the status moves to in_progress.
      const r = await client.json<KycApplicationJson>('PUT', '/api/kyc/personal', personal({ idNumber: good.replaceAll('-', ''), nationality: 'ae' }));
      expect(r.status).toBe(200);
      expect(r.body.personal).toMatchObject({ idNumber: good, nationality: 'AE' });
      expect(r.body.status).toBe('in_progress');
      expect(r.body.steps.personal.complete).toBe(true);
      expect(await me(client)).toBe('in_progress');

      const p = await client.json<KycApplicationJson>('PUT', '/api/kyc/personal', personal({ idType: 'passport', idNumber: 'n 1234567' }));
      expect(p.body.personal?.idNumber).toBe('N1234567');
      expect(p.body.requiredDocuments).toEqual(['passport', 'proof_of_address', 'selfie']);
    });

    it('validates the address step (an emirate for the UAE) and the financial step (the professional rule)', async () => {
      const { client } = await investor();
      const a = await client.json('PUT', '/api/kyc/address', { ...address, region: 'Gotham' });
      expect(a.status).toBe(400);
      expect(a.body.fields.region).toBe('Choose the emirate you live in');
      const abroad = await client.json<KycApplicationJson>('PUT', '/api/kyc/address', { line1: '1 High Street', city: 'London', postalCode: 'SW1A 1AA', country: 'GB' });
      expect(abroad.status).toBe(200);
      expect(abroad.body.address).toMatchObject({ country: 'GB', postalCode: 'SW1A 1AA' });

      const f = async (over: Record<string, unknown>) => client.json('PUT', '/api/kyc/financial', financial(over));
      expect((await f({ occupation: '' })).body.fields.occupation).toMatch(/occupation/);
      expect((await f({ sourceOfFunds: [] })).body.fields.sourceOfFunds).toMatch(/at least one source/);
      expect((await f({ sourceOfFunds: ['other'] })).body.fields.sourceOfFundsOther).toMatch(/other source/);
      expect((await f({ classification: 'professional' })).body.fields.professionalCriteria).toMatch(/at least one/);
      const lowNetWorth = await f({ classification: 'professional', professionalCriteria: ['net_assets_4m'], professionalAcknowledged: true });
      expect(lowNetWorth.status).toBe(400);
      expect(lowNetWorth.body.fields.professionalCriteria).toMatch(/AED 4 million/);
      expect((await f({ classification: 'professional', netWorthBand: '4m_10m', professionalCriteria: ['net_assets_4m'] })).body.fields.professionalAcknowledged).toMatch(/retail protections/);
      expect((await f({ classification: 'vip' })).status).toBe(400);

      const pro = await client.json<KycApplicationJson>('PUT', '/api/kyc/financial', financial({ classification: 'professional', netWorthBand: '4m_10m', professionalCriteria: ['net_assets_4m'], professionalAcknowledged: true }));
      expect(pro.status).toBe(200);
      expect(pro.body.classification).toBe('professional');
      expect(pro.body.retailLimit).toMatchObject({ appliesToYou: false, remaining: null });
      const retail = await client.json<KycApplicationJson>('PUT', '/api/kyc/financial', financial({ professionalCriteria: ['income_1m'], employmentStatus: 'retired' }));
      expect(retail.body.financial).toMatchObject({ classification: 'retail', professionalCriteria: [], employmentStatus: 'retired' });
      expect(retail.body.financial?.occupation).toBeUndefined();
      expect(retail.body.classification).toBe('retail');
    });

    it('answers 400 to a body that is not JSON', async () => {
      const { client } = await investor();
      const r = await client.request('PUT', '/api/kyc/personal', '{not json', { headers: { 'content-type': 'application/json' } });
      expect(r.status).toBe(400);
    });
  });

  describe('documents', () => {
    it('refuses a renamed executable, naming what is allowed', async () => {
      const { client } = await investor();
      const exe = new Uint8Array(4096);
      exe.set([0x4d, 0x5a, 0x90, 0x00]); // "MZ": a Windows executable
      const r = await upload(client, 'passport', exe, 'passport.png', 'image/png');
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('unsupported_file');
      expect(r.body.message).toMatch(/JPEG, PNG or PDF, at most 10 MB/);
      expect(r.body.allowed.contentTypes).toEqual(['image/jpeg', 'image/png', 'application/pdf']);
      expect(r.body.allowed.maxBytes).toBe(10 * 1024 * 1024);
      // Nothing was stored, and the application did not start.
      expect((await get(client)).documents).toEqual([]);
      expect(await me(client)).toBe('not_started');
    });

    it('refuses an oversized file with 413, before reading it when Content-Length says so', async () => {
      const { client } = await investor();
      const big = new Uint8Array(10 * 1024 * 1024 + 1);
      big.set(demoPng(100, 100));
      const r = await upload(client, 'selfie', big);
      expect(r.status).toBe(413);
      expect(r.body.error).toBe('file_too_large');
      expect(r.body.message).toMatch(/at most 10 MB/);
      expect(r.body.allowed.maxBytes).toBe(10 * 1024 * 1024);
      const declared = await upload(client, 'selfie', demoPng(), 'a.png', 'image/png', { 'content-length': String(50 * 1024 * 1024) });
      expect(declared.status).toBe(413);
    });

    it('refuses images with absurd dimensions, empty files and a missing type or file', async () => {
      const { client } = await investor();
      const tiny = await upload(client, 'selfie', demoPng(8, 8));
      expect(tiny.status).toBe(400);
      expect(tiny.body.message).toMatch(/at least 64×64/);
      const huge = await upload(client, 'selfie', demoJpegHeader(60000, 60000), 'x.jpg', 'image/jpeg');
      expect(huge.status).toBe(400);
      expect(huge.body.message).toMatch(/at most 16384/);
      expect((await upload(client, 'selfie', new Uint8Array(0))).status).toBe(400);
      const noType = await upload(client, null, demoPng());
      expect(noType.status).toBe(400);
      expect(noType.body.message).toMatch(/type of document/);
      expect((await upload(client, 'tax_return', demoPng())).status).toBe(400);
      const noFile = await upload(client, 'selfie', null);
      expect(noFile.status).toBe(400);
      expect(noFile.body.fields.file).toBe('Choose a file to upload');
      const json = await client.json('POST', '/api/kyc/documents', { type: 'selfie', file: 'iVBORw0KGgo=' });
      expect(json.status).toBe(415);
      const script = demoPdf(['x']);
      const withJs = new TextEncoder().encode(new TextDecoder().decode(script).replace('/Type /Catalog', '/Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >>'));
      expect((await upload(client, 'proof_of_address', withJs, 'bill.pdf', 'application/pdf')).status).toBe(400);
    });

    it('keeps a path-traversal name away from the filesystem and detects a PDF behind a wrong extension', async () => {
      const { id, client } = await investor();
      const png = demoPng(300, 200);
      const r = await upload(client, 'selfie', png, '../../../../etc/passwd.png');
      expect(r.status).toBe(201);
      expect(r.body.originalName).toBe('passwd.png');
      const pdf = await upload(client, 'proof_of_address', demoPdf(['Bank statement']), 'statement.jpg', 'image/jpeg');
      expect(pdf.status).toBe(201);
      expect(pdf.body).toMatchObject({ type: 'proof_of_address', contentType: 'application/pdf', status: 'pending', width: null });
      expect(r.body).toMatchObject({ contentType: 'image/png', width: 300, height: 200, size: png.length, url: `/api/files/${r.body.fileId}` });

      // On disk: only <uuid>.bin blobs under two-character folders, encrypted (no PNG or PDF signature).
      const blobs = readdirSync(uploadsDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
      for (const b of blobs) {
        expect(b.name).toMatch(/^[0-9a-f-]{36}\.bin$/);
        const full = path.join(b.parentPath, b.name);
        expect(path.relative(uploadsDir, full).split(path.sep)).toHaveLength(2);
        const bytes = readFileSync(full);
        expect(bytes.subarray(0, 4).toString()).toBe('MZF1');
        expect(bytes.includes(Buffer.from('IHDR'))).toBe(false);
        expect(bytes.includes(Buffer.from('%PDF'))).toBe(false);
        expect(statSync(full).mode & 0o077).toBe(0);
      }
      expect(blobs.some((b) => b.name === `${r.body.fileId}.bin`)).toBe(true);
      expect(readdirSync(path.join(uploadsDir, '..')).some((n) => n === 'passwd.png')).toBe(false);

      // The download gives back exactly what was uploaded, under a name of our making.
      const res = await client.request('GET', r.body.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('content-disposition')).toBe(`inline; filename="kyc-document-${r.body.fileId.slice(0, 8)}.png"`);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(png);
      expect((await get(client)).documents.map((d) => d.type).sort()).toEqual(['proof_of_address', 'selfie']);
      expect(id).toBeTruthy();
    });

    it('replacing a document supersedes the old one', async () => {
      const { id, client } = await investor();
      const first = await upload(client, 'selfie', demoPng(100, 100));
      const second = await upload(client, 'selfie', demoPng(120, 120));
      expect(second.status).toBe(201);
      const current = (await get(client)).documents;
      expect(current.map((d) => d.id)).toEqual([second.body.id]);
      const detail = await admin.json<AdminKycDetail>('GET', `/api/admin/kyc/${id}`);
      expect(detail.body.documents.map((d) => [d.id, d.superseded])).toEqual([
        [second.body.id, false],
        [first.body.id, true],
      ]);
    });

    it('lets the owner and admins read a document: another investor gets 403, a visitor 401; admin views are audited', async () => {
      const owner = await investor();
      const other = await investor();
      const r = await upload(owner.client, 'passport', demoPng(400, 280));
      const url = r.body.url as string;
      expect((await owner.client.request('GET', url)).status).toBe(200);
      const otherRes = await other.client.request('GET', url);
      expect(otherRes.status).toBe(403);
      expect((await otherRes.json()).error).toBe('forbidden');
      expect((await new TestClient(app).request('GET', url)).status).toBe(401);
      expect((await new TestClient(app).request('GET', `/api/files/${crypto.randomUUID()}`)).status).toBe(401);
      expect((await other.client.request('GET', `/api/files/${crypto.randomUUID()}`)).status).toBe(404);
      expect((await other.client.request('GET', '/api/files/not-a-uuid')).status).toBe(404);

      const adminRes = await admin.request('GET', `${url}?download=1`);
      expect(adminRes.status).toBe(200);
      expect(adminRes.headers.get('content-disposition')).toMatch(/^attachment;/);
      const audit = await database.db.select().from(auditLog).where(and(eq(auditLog.action, 'file.view'), eq(auditLog.entityId, r.body.fileId)));
      expect(audit).toHaveLength(1);
    });
  });

  describe('status machine', () => {
    it('will not submit until every step, every document and the declaration are there (422 with the list)', async () => {
      const { client } = await investor();
      const empty = await client.json('POST', '/api/kyc/submit', { declaration: true });
      expect(empty.status).toBe(422);
      expect(empty.body.error).toBe('kyc_incomplete');
      expect((empty.body.missing as KycMissingItem[]).map((m) => m.step)).toEqual(['personal', 'documents', 'documents', 'address', 'financial']);

      expect((await client.json('PUT', '/api/kyc/personal', personal())).status).toBe(200);
      const skip = await client.json('POST', '/api/kyc/submit', { declaration: true });
      expect(skip.status).toBe(422);
      const missing = skip.body.missing as KycMissingItem[];
      expect(missing.filter((m) => m.step === 'documents').map((m) => m.documentType)).toEqual(['emirates_id_front', 'emirates_id_back', 'proof_of_address', 'selfie']);
      expect(missing.some((m) => m.step === 'address')).toBe(true);
      expect(await me(client)).toBe('in_progress');

      await complete(client);
      const noDeclaration = await client.json('POST', '/api/kyc/submit', {});
      expect(noDeclaration.status).toBe(422);
      expect(noDeclaration.body.missing).toEqual([{ step: 'review', field: 'declaration', message: 'Please confirm the declaration before submitting' }]);
      expect((await get(client)).missing).toEqual([]);
      expect(await me(client)).toBe('in_progress');
    });

    it('submitted → under_review → rejected (per document) → resubmitted → approved, with kycStatus following', async () => {
      const { id, client } = await investor({ firstName: 'Noura', lastName: 'Saeed' });
      const docs = await complete(client, { personal: { firstName: 'Noura', lastName: 'Saeed' } });
      const sub = await client.json<KycApplicationJson>('POST', '/api/kyc/submit', { declaration: true });
      expect(sub.status).toBe(200);
      expect(sub.body).toMatchObject({ status: 'submitted', editable: false });
      expect(sub.body.steps.review.complete).toBe(true);
      expect(sub.body.declarationAcceptedAt).not.toBeNull();
      expect(await me(client)).toBe('submitted');
      const adminNote = await database.db.select().from(notifications).where(eq(notifications.kind, 'kyc_submitted'));
      expect(adminNote.some((n) => n.title === 'New KYC application: Noura Saeed')).toBe(true);

      // No edits and no second submission while it waits.
      const locked = await client.json('PUT', '/api/kyc/address', address);
      expect(locked.status).toBe(409);
      expect(locked.body.error).toBe('kyc_locked');
      expect((await upload(client, 'selfie', demoPng())).status).toBe(409);
      expect((await client.json('POST', '/api/kyc/submit', { declaration: true })).status).toBe(409);

      const start = await admin.json<AdminKycDetail>('POST', `/api/admin/kyc/${id}/start-review`, {});
      expect(start.status).toBe(200);
      expect(start.body.application.status).toBe('under_review');
      expect(await me(client)).toBe('under_review');
      expect((await client.json('PUT', '/api/kyc/financial', financial())).status).toBe(409);

      const badDoc = await admin.json('POST', `/api/admin/kyc/${id}/reject`, { reason: 'Your proof of address is too old.', documents: [{ id: crypto.randomUUID(), reason: 'Old' }] });
      expect(badDoc.status).toBe(400);
      expect((await admin.json('POST', `/api/admin/kyc/${id}/reject`, { reason: 'short' })).status).toBe(400);
      const rej = await admin.json<AdminKycDetail>('POST', `/api/admin/kyc/${id}/reject`, {
        reason: 'Your proof of address is too old.',
        documents: [{ id: docs.proof_of_address.id, reason: 'The bill is from last year.' }],
      });
      expect(rej.status).toBe(200);
      expect(rej.body.application.status).toBe('rejected');
      expect(await me(client)).toBe('rejected');

      const seen = await get(client);
      expect(seen.editable).toBe(true);
      expect(seen.rejection).toEqual({ reason: 'Your proof of address is too old.', documents: [{ id: docs.proof_of_address.id, type: 'proof_of_address', reason: 'The bill is from last year.' }] });
      expect(seen.documents.find((d) => d.type === 'proof_of_address')?.status).toBe('rejected');
      const userNote = await database.db.select().from(notifications).where(and(eq(notifications.userId, id), eq(notifications.kind, 'kyc')));
      expect(userNote.map((n) => n.title)).toContain('Your identity verification needs changes');

      // The rejected document must be replaced before resubmitting.
      const again = await client.json('POST', '/api/kyc/submit', { declaration: true });
      expect(again.status).toBe(422);
      expect(again.body.missing).toEqual([{ step: 'documents', documentType: 'proof_of_address', message: 'Upload a new proof of address: The bill is from last year..' }]);
      expect((await upload(client, 'proof_of_address', demoPdf(['A recent bill']), 'bill.pdf', 'application/pdf')).status).toBe(201);
      expect((await client.json('PUT', '/api/kyc/address', { ...address, line1: '14 Marina Walk, Tower C' })).status).toBe(200);
      const resub = await client.json<KycApplicationJson>('POST', '/api/kyc/submit', { declaration: true });
      expect(resub.status).toBe(200);
      expect(resub.body.status).toBe('resubmitted');
      expect(resub.body.rejection).toBeNull();
      expect(await me(client)).toBe('resubmitted');

      // Approving straight from resubmitted passes through under_review (recorded).
      const ok = await admin.json<AdminKycDetail>('POST', `/api/admin/kyc/${id}/approve`, { note: 'Documents in order.' });
      expect(ok.status).toBe(200);
      expect(ok.body.application.status).toBe('approved');
      expect(ok.body.application.documents.every((d) => d.status === 'accepted')).toBe(true);
      expect(ok.body.actions).toEqual({ startReview: false, approve: false, reject: false, requestDocuments: false });
      expect(ok.body.history.map((h) => h.to).reverse()).toEqual(['in_progress', 'submitted', 'under_review', 'rejected', 'resubmitted', 'under_review', 'approved']);
      expect(ok.body.history[0].actor?.role).toBe('admin');
      const kycStatus = await me(client);
      expect(kycStatus).toBe('approved');
      expect(isKycVerified(kycStatus)).toBe(true);

      // Approved is final for the investor and for further decisions.
      expect((await client.json('PUT', '/api/kyc/personal', personal())).status).toBe(409);
      expect((await client.json('POST', '/api/kyc/submit', { declaration: true })).status).toBe(409);
      const twice = await admin.json('POST', `/api/admin/kyc/${id}/reject`, { reason: 'Changed my mind about it.' });
      expect(twice.status).toBe(409);
      expect(twice.body.error).toBe('kyc_not_reviewable');

      const actions = (await database.db.select().from(auditLog).where(eq(auditLog.entityId, id))).map((a) => a.action).sort();
      expect(actions).toEqual(['kyc.approve', 'kyc.reject', 'kyc.start_review']);
    });

    it('request-documents sends the application back with the types asked for', async () => {
      const { id, client } = await investor();
      await complete(client);
      expect((await client.json('POST', '/api/kyc/submit', { declaration: true })).status).toBe(200);
      expect((await admin.json('POST', `/api/admin/kyc/${id}/request-documents`, { types: [], message: 'Please send more.' })).status).toBe(400);
      const req = await admin.json<AdminKycDetail>('POST', `/api/admin/kyc/${id}/request-documents`, { types: ['supporting'], message: 'Please upload a salary certificate from your employer.' });
      expect(req.status).toBe(200);
      const seen = await get(client);
      expect(seen.status).toBe('rejected');
      expect(seen.requestedDocuments).toMatchObject({ types: ['supporting'], message: 'Please upload a salary certificate from your employer.' });
      expect(seen.missing).toEqual([{ step: 'documents', documentType: 'supporting', message: 'Upload the supporting document we asked for.' }]);
      expect((await client.json('POST', '/api/kyc/submit', { declaration: true })).status).toBe(422);
      expect((await upload(client, 'supporting', demoPdf(['Salary certificate']), 'salary.pdf', 'application/pdf')).status).toBe(201);
      const resub = await client.json<KycApplicationJson>('POST', '/api/kyc/submit', { declaration: true });
      expect(resub.body.status).toBe('resubmitted');
      expect(resub.body.requestedDocuments).toBeNull();
      const audit = await database.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'kyc.request_documents')));
      expect(audit).toHaveLength(1);
    });

    it('does not decide an application that was never submitted', async () => {
      const { id, client } = await investor();
      expect((await admin.json('POST', `/api/admin/kyc/${id}/approve`, {})).status).toBe(404);
      await client.json('PUT', '/api/kyc/address', address);
      const r = await admin.json('POST', `/api/admin/kyc/${id}/approve`, {});
      expect(r.status).toBe(409);
      expect(await me(client)).toBe('in_progress');
      expect((await admin.json('GET', `/api/admin/kyc/${crypto.randomUUID()}`)).status).toBe(404);
      expect((await admin.json('GET', '/api/admin/kyc/not-a-uuid')).status).toBe(400);
    });
  });

  describe('screening', () => {
    it('stores hits on submission; a flagged applicant is approved only with an override and a reason', async () => {
      const { id, client } = await investor({ firstName: 'Karim', lastName: 'Mirqadi' });
      await complete(client, { personal: { firstName: 'Karim', lastName: 'Al-Mirqadi', dateOfBirth: '1968-04-12', idNumber: emiratesId(1968) } });
      const sub = await client.json<KycApplicationJson>('POST', '/api/kyc/submit', { declaration: true });
      expect(sub.status).toBe(200);
      expect(sub.body.status).toBe('submitted');

      const detail = (await admin.json<AdminKycDetail>('GET', `/api/admin/kyc/${id}`)).body;
      expect(detail.screening.flagged).toBe(true);
      expect(detail.screening.riskLevel).toBe('high');
      expect(detail.screening.hits[0]).toMatchObject({ name: 'Karim Al-Mirqadi', category: 'sanctions' });
      expect(detail.approvalNeedsOverride).toBe(true);
      // Opening the detail does not change the status.
      expect(detail.application.status).toBe('submitted');

      const list = await admin.json<{ items: AdminKycListItem[]; total: number }>('GET', '/api/admin/kyc?risk=high&status=pending');
      expect(list.body.items.map((i) => i.userId)).toContain(id);

      const refused = await admin.json('POST', `/api/admin/kyc/${id}/approve`, {});
      expect(refused.status).toBe(422);
      expect(refused.body.error).toBe('screening_override_required');
      expect((await admin.json('POST', `/api/admin/kyc/${id}/approve`, { override: true })).status).toBe(400);
      expect(await me(client)).toBe('submitted');

      const ok = await admin.json<AdminKycDetail>('POST', `/api/admin/kyc/${id}/approve`, { override: true, overrideReason: 'Different person: passport and date of birth checked against the listing.' });
      expect(ok.status).toBe(200);
      expect(await me(client)).toBe('approved');
      const [audit] = await database.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'kyc.approve')));
      expect(audit.details).toMatchObject({ flagged: true, override: true, overrideReason: 'Different person: passport and date of birth checked against the listing.' });
      expect(ok.body.history[0].note).toMatch(/Screening override/);
    });

    it('raises a self-declared politically exposed person to medium risk without flagging', async () => {
      const { id, client } = await investor();
      await complete(client, { financial: { politicallyExposed: true } });
      expect((await client.json('POST', '/api/kyc/submit', { declaration: true })).status).toBe(200);
      const [row] = await database.db.select().from(kycApplications).where(eq(kycApplications.userId, id));
      expect(row).toMatchObject({ riskLevel: 'medium', flagged: false });
      expect((await admin.json('POST', `/api/admin/kyc/${id}/approve`, {})).status).toBe(200);
    });
  });

  describe('admin lists', () => {
    it('filters, searches, sorts and paginates the queue on the server', async () => {
      const a = await investor({ firstName: 'Queue', lastName: 'Alpha' });
      const b = await investor({ firstName: 'Queue', lastName: 'Beta' });
      await complete(a.client, { personal: { firstName: 'Zayed', lastName: 'Queueson' } });
      await complete(b.client, { personal: { firstName: 'Amal', lastName: 'Queueson' } });
      await a.client.json('POST', '/api/kyc/submit', { declaration: true });
      await b.client.json('POST', '/api/kyc/submit', { declaration: true });
      await database.db.update(kycApplications).set({ submittedAt: new Date(Date.now() - 10 * 86400_000) }).where(eq(kycApplications.userId, a.id));

      const list = (qs: string) => admin.json<{ items: AdminKycListItem[]; total: number }>('GET', `/api/admin/kyc?${qs}`);
      const q = await list('q=queueson&status=submitted');
      expect(q.status).toBe(200);
      expect(q.body.total).toBe(2);
      expect(q.body.items.map((i) => i.name)).toEqual(['Zayed Queueson', 'Amal Queueson']); // oldest first
      expect(q.body.items[0]).toMatchObject({ status: 'submitted', riskLevel: 'low', documentsCount: 4, classification: 'retail', nationality: 'AE', ageDays: 10 });
      expect((await list('q=queueson&sort=name')).body.items.map((i) => i.name)).toEqual(['Amal Queueson', 'Zayed Queueson']);
      expect((await list('q=queueson&sort=-name')).body.items[0].name).toBe('Zayed Queueson');
      const old = await list('q=queueson&olderThanDays=7');
      expect(old.body.items.map((i) => i.userId)).toEqual([a.id]);
      const page = await list('q=queueson&limit=1&offset=1');
      expect(page.body).toMatchObject({ total: 2 });
      expect(page.body.items).toHaveLength(1);
      expect((await list('q=queueson&status=approved')).body.total).toBe(0);
      expect((await list(`q=${encodeURIComponent(a.email)}`)).body.items.map((i) => i.userId)).toEqual([a.id]);
      expect((await list('q=%25')).status).toBe(200);
      const bad = await list('status=done');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: 'validation_failed' });
      expect((await list('limit=1000')).status).toBe(400);
    });

    it('lists every document in the document center, searchable by user, type and status', async () => {
      const { id, email, client } = await investor({ firstName: 'Docs', lastName: 'Center' });
      await upload(client, 'selfie', demoPng(90, 90));
      await upload(client, 'selfie', demoPng(91, 91));
      await upload(client, 'proof_of_address', demoPdf(['Bill']), 'bill.pdf', 'application/pdf');
      const docs = (qs: string) => admin.json<{ items: AdminDocumentListItem[]; total: number }>('GET', `/api/admin/documents?${qs}`);
      const mine = await docs(`q=${encodeURIComponent(email)}`);
      expect(mine.status).toBe(200);
      expect(mine.body.total).toBe(2);
      expect(mine.body.items[0]).toMatchObject({ userId: id, email, userName: 'Docs Center', applicationStatus: 'in_progress', type: 'proof_of_address', contentType: 'application/pdf' });
      expect((await docs(`userId=${id}&type=selfie`)).body.items.map((d) => d.width)).toEqual([91]);
      expect((await docs(`userId=${id}&type=selfie&includeSuperseded=true`)).body.total).toBe(2);
      expect((await docs(`userId=${id}&status=accepted`)).body.total).toBe(0);
      expect((await docs(`userId=${id}&status=pending`)).body.total).toBe(2);
      expect((await docs('type=nonsense')).status).toBe(400);
    });
  });

  describe('demo seed', () => {
    it('creates a living queue once: submitted, rejected and flagged applicants with documents', async () => {
      expect((await seedKycDemo(database.db)).created).toBe(3);
      expect((await seedKycDemo(database.db)).created).toBe(0);
      const rows = await database.db.select({ email: users.email, status: users.kycStatus }).from(users);
      const status = (email: string) => rows.find((r) => r.email === email)?.status;
      expect(status('fatima.almansoori@example.ae')).toBe('submitted');
      expect(status('rohan.mehta@example.com')).toBe('rejected');
      expect(status('samira.khuzaymi@example.com')).toBe('submitted');
      expect(status('investor@manzil.ae')).toBe('not_started');
      const flagged = await database.db.select().from(kycApplications).where(eq(kycApplications.flagged, true));
      expect(flagged.some((f) => f.legalName === 'Samira Al-Khuzaymi')).toBe(true);
      const history = await database.db.select().from(kycStatusHistory);
      expect(history.length).toBeGreaterThan(0);
      const list = await admin.json<{ items: AdminKycListItem[] }>('GET', '/api/admin/kyc?q=example.ae');
      const fatima = list.body.items.find((i) => i.email === 'fatima.almansoori@example.ae')!;
      expect(fatima.documentsCount).toBe(4);
      const detail = await admin.json<AdminKycDetail>('GET', `/api/admin/kyc/${fatima.userId}`);
      const res = await admin.request('GET', detail.body.documents[0].url);
      expect(res.status).toBe(200);
    });
  });
});
