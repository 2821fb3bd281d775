/**
 * The KYC API suites' shared set-up (kyc-api.test.ts, kyc-review-api.test.ts, kyc-admin-api.test.ts): a
 * seeded database with the demo screening list, the app, a signed-in admin, and helpers to make an
 * investor, upload a document, read the application and fill every step.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { seedDatabase } from '@db/seed';
import { BASE } from '@tests/helpers/http';
import { TestClient } from '@tests/helpers/client';
import { createTestDatabase, type DbKind } from '@tests/helpers/db';
import { users } from '../auth/schema';
import { newUnicode } from '../auth/unicode';
import { configureFileStore, localFileStorage } from '../files';
import { seedDemoScreeningList } from './screening';
import { luhnValid, type KycApplicationJson, type KycDocumentJson } from './contract';
import { demoPdf, demoPng } from './demo-files';

export type App = { handle: (r: Request) => Promise<Response> };

/** A valid Emirates ID for a birth year: 784-YYYY-NNNNNNN plus the Luhn digit. */
export function emiratesId(year: number, serial = '1234567') {
  const base = `784${year}${serial}`;
  for (let d = 0; d < 10; d++) if (luhnValid(`${base}${d}`)) return `784-${year}-${serial}-${d}`;
  throw new Error('unreachable');
}

export const inYears = (n: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + n);
  return d.toISOString().slice(0, 10);
};

export const personal = (over: Record<string, unknown> = {}) => ({
  firstName: 'Aisha',
  lastName: 'Karimi',
  dateOfBirth: '1990-05-01',
  nationality: 'AE',
  idType: 'emirates_id',
  idNumber: emiratesId(1990),
  idExpiryDate: inYears(2),
  ...over,
});
export const address = { line1: '12 Marina Walk, Tower B', city: 'Dubai', region: 'Dubai', country: 'AE' };
export const financial = (over: Record<string, unknown> = {}) => ({
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


export type KycApiSuite = {
  database: Database;
  app: App;
  admin: TestClient;
  /** Where the suite's file store writes the uploads. */
  uploadsDir: string;
  investor: (name?: { firstName: string; lastName: string }) => Promise<{ id: string; email: string; client: TestClient }>;
  upload: (client: TestClient | null, type: string | null, bytes: Uint8Array | null, name?: string, mime?: string, headers?: Record<string, string>) => Promise<{ status: number; body: any }>;
  get: (client: TestClient) => Promise<KycApplicationJson>;
  me: (client: TestClient) => Promise<string>;
  complete: (client: TestClient, over?: { personal?: Record<string, unknown>; financial?: Record<string, unknown> }) => Promise<Record<string, KycDocumentJson>>;
};

/**
 * Registers the suite's beforeAll/afterAll and returns its context; database, app and admin are set when
 * beforeAll has run. `prefix` keeps each file's investor emails apart.
 */
export function kycApiSuite(kind: DbKind, prefix = 'kyc'): KycApiSuite {
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
    const email = `${prefix}-${kind}-${seq}@example.com`;
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

  const suite: KycApiSuite = { database: undefined!, app: undefined!, admin: undefined!, uploadsDir: '', investor, upload, get, me, complete };
  beforeAll(() => {
    Object.assign(suite, { database, app, admin, uploadsDir });
  });
  return suite;
}
