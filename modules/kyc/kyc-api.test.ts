/** KYC API: who may call what, the application's steps and their validation, and document uploads. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { auditLog } from '../audit/schema';
import { type AdminKycDetail, type KycApplicationJson } from './contract';
import { demoJpegHeader, demoPdf, demoPng } from './demo-files';
import { address, emiratesId, financial, kycApiSuite, personal, type App } from './kyc-api-suite';

describeEachDb('KYC API', (kind) => {
  const suite = kycApiSuite(kind);
  const { investor, upload, get, me } = suite;
  let database: Database;
  let app: App;
  let admin: TestClient;
  let uploadsDir: string;
  beforeAll(() => {
    ({ database, app, admin, uploadsDir } = suite);
  });

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
});
