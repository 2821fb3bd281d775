import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@api/app';
import { AppError } from '@api/errors';
import type { Database } from '@db/client';
import { seedDatabase } from '@db/seed';
import { TestClient } from '@tests/helpers/client';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import { users } from '../auth/schema';
import { demoJpegHeader, demoPdf, demoPng } from '../kyc/demo-files';
import { detectContent } from './content';
import { configureFileStore, getStoredFile, localFileStorage, readStoredFile, storeFile } from './index';
import { decryptBlob, encryptBlob, keyFromEnv } from './storage';

const fails = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e as AppError;
  }
  throw new Error('expected a failure');
};

describe('detectContent', () => {
  it('recognises PNG, JPEG and PDF by their bytes, with image dimensions', () => {
    expect(detectContent(demoPng(321, 123))).toEqual({ contentType: 'image/png', width: 321, height: 123 });
    expect(detectContent(demoJpegHeader(1200, 800))).toEqual({ contentType: 'image/jpeg', width: 1200, height: 800 });
    expect(detectContent(demoPdf(['x']))).toEqual({ contentType: 'application/pdf', width: null, height: null });
  });

  it('refuses everything else with 400 and the rules, and more than 10 MB with 413', () => {
    const cases: [string, Uint8Array][] = [
      ['executable', new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00])],
      ['ELF', new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0])],
      ['HTML', new TextEncoder().encode('<html><script>alert(1)</script></html>')],
      ['SVG', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')],
      ['GIF', new TextEncoder().encode('GIF89a\x40\x00\x40\x00')],
      ['PNG signature only', demoPng(100, 100).subarray(0, 12)],
      ['truncated PDF', demoPdf(['x']).subarray(0, 200)],
      ['PDF with an odd version', new TextEncoder().encode('%PDF-9.9\n%%EOF\n')],
      ['empty', new Uint8Array(0)],
    ];
    for (const [name, bytes] of cases) {
      const e = fails(() => detectContent(bytes));
      expect(e, name).toBeInstanceOf(AppError);
      expect(e.status, name).toBe(400);
      expect(e.code, name).toBe('unsupported_file');
      expect(e.details?.allowed, name).toMatchObject({ contentTypes: ['image/jpeg', 'image/png', 'application/pdf'], maxBytes: 10485760 });
    }
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(demoPng(100, 100));
    expect(fails(() => detectContent(big)).status).toBe(413);
  });

  it('refuses images too small to read or large enough to be a decompression bomb', () => {
    expect(fails(() => detectContent(demoPng(63, 200))).message).toMatch(/at least 64×64/);
    expect(fails(() => detectContent(demoJpegHeader(20000, 100))).message).toMatch(/at most 16384/);
    expect(fails(() => detectContent(demoJpegHeader(12000, 12000))).message).toMatch(/100 megapixels/);
    expect(detectContent(demoJpegHeader(16384, 6000)).width).toBe(16384);
  });
});

describe('encryption at rest', () => {
  it('round-trips, and fails with another key or under another file id', () => {
    const key = randomBytes(32);
    const plain = demoPng(100, 100);
    const blob = encryptBlob(key, 'file-a', plain);
    expect(Buffer.from(blob).includes(Buffer.from(plain.subarray(0, 16)))).toBe(false);
    expect(decryptBlob(key, 'file-a', blob)).toEqual(plain);
    expect(() => decryptBlob(randomBytes(32), 'file-a', blob)).toThrow();
    expect(() => decryptBlob(key, 'file-b', blob)).toThrow();
    const tampered = new Uint8Array(blob);
    tampered[40] ^= 1;
    expect(() => decryptBlob(key, 'file-a', tampered)).toThrow();
  });

  it('takes FILES_KEY as hex or base64, refuses a short one, and creates a private key file otherwise', () => {
    const hex = randomBytes(32).toString('hex');
    expect(keyFromEnv({ FILES_KEY: hex }).key.toString('hex')).toBe(hex);
    const b64 = randomBytes(32).toString('base64');
    expect(keyFromEnv({ FILES_KEY: b64 }).key.toString('base64')).toBe(b64);
    expect(() => keyFromEnv({ FILES_KEY: 'too-short' })).toThrow(/32 bytes/);
    expect(() => keyFromEnv({ S3_BUCKET: 'b' })).toThrow(/FILES_KEY/);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'files-key-'));
    try {
      const file = path.join(dir, 'files.key');
      const first = keyFromEnv({ FILES_KEY_FILE: file });
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(keyFromEnv({ FILES_KEY_FILE: file }).id).toBe(first.id);
      expect(readFileSync(file, 'utf8').trim()).toBe(first.key.toString('base64'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeEachDb('files API', (kind) => {
  let database: Database;
  let app: { handle: (r: Request) => Promise<Response> };
  let dir: string;
  let adminId: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), `files-${kind}-`));
    configureFileStore({ storage: localFileStorage(dir), key: randomBytes(32) });
    database = await createTestDatabase(kind);
    await seedDatabase(database.db, { DEMO: '1' });
    app = createApp({ db: database.db });
    const [admin] = await database.db.select({ id: users.id }).from(users).limit(1);
    adminId = admin.id;
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores content checked and encrypted, and reads it back', async () => {
    const bytes = demoPdf(['A statement']);
    const stored = await storeFile(database.db, { ownerId: adminId, purpose: 'kyc_document', bytes });
    expect(stored).toMatchObject({ contentType: 'application/pdf', size: bytes.length, visibility: 'private', url: `/api/files/${stored.id}` });
    const row = await getStoredFile(database.db, stored.id);
    expect(row?.storage).toBe('local');
    expect(await readStoredFile(row!)).toEqual(bytes);
    await expect(storeFile(database.db, { ownerId: adminId, purpose: 'kyc_document', bytes: new TextEncoder().encode('#!/bin/sh\nrm -rf /') })).rejects.toMatchObject({ status: 400 });
  });

  it('serves a public file to anyone and a private one to nobody signed out', async () => {
    const pub = await storeFile(database.db, { ownerId: adminId, purpose: 'property_photo', bytes: demoPng(640, 480), visibility: 'public' });
    const priv = await storeFile(database.db, { ownerId: adminId, purpose: 'kyc_document', bytes: demoPng(640, 480) });
    const visitor = new TestClient(app);
    const res = await visitor.request('GET', pub.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="property-photo-/);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(demoPng(640, 480));
    expect((await visitor.request('GET', priv.url)).status).toBe(401);
    const investor = new TestClient(app);
    expect((await investor.post('/api/auth/login', { username: 'omar', password: 'ManzilInvest#2026' })).status).toBe(200);
    expect((await investor.request('GET', priv.url)).status).toBe(403);
    expect((await investor.request('GET', pub.url)).status).toBe(200);
  });

  it('hands documents out as attachments, never rendered in place', async () => {
    const pdf = await storeFile(database.db, { ownerId: adminId, purpose: 'kyc_document', bytes: demoPdf(['Proof of address']) });
    const [owner] = await database.db.select({ username: users.username }).from(users).limit(1);
    const admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: owner!.username, password: 'ManzilAdmin#2026' })).status).toBe(200);
    const res = await admin.request('GET', pdf.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="kyc-document-[0-9a-f]{8}\.pdf"$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
  });
});

describe('formatBytes', () => {
  it('says a size in the unit people read, rounded to a tenth', async () => {
    const { formatBytes } = await import('./contract');
    expect(formatBytes(812)).toBe('812 bytes');
    expect(formatBytes(4300)).toBe('4.2 kB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(12_345_678)).toBe('11.8 MB');
  });
});
