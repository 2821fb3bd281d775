/**
 * Where encrypted file bytes live, and the key that encrypts them.
 *
 *   storage   S3-compatible (Bun.s3) when S3_BUCKET is set (with S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID,
 *             S3_SECRET_ACCESS_KEY as Bun's S3 client reads them); otherwise a private directory:
 *             FILES_DIR, else DATA_DIR/uploads, else .data/uploads (tests: a temporary directory).
 *   key       FILES_KEY (32 bytes as 64 hex characters or base64); otherwise a key file (FILES_KEY_FILE, else
 *             <data dir>/files.key) created with mode 600 on first use. S3 without FILES_KEY is refused:
 *             several instances must share one key.
 *
 * Blob layout: "MZF1" | 12-byte IV | 16-byte GCM tag | ciphertext, with the file id as additional data
 * (a blob copied under another id does not decrypt).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type BlobStorage = {
  kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** Null when there is no blob at that key. */
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
};

export type FileKey = { key: Buffer; id: string };

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function dataRoot(env: NodeJS.ProcessEnv) {
  if (env.DATA_DIR) return env.DATA_DIR;
  if (env.VITEST) return path.join(os.tmpdir(), `manzil-test-files-${process.pid}`);
  return path.join(repoRoot, '.data');
}

/** A private directory: blobs at <dir>/<first two characters>/<key>, directories 700 and files 600. */
export function localStorage(dir: string): BlobStorage {
  const resolve = (key: string) => {
    if (!/^[a-z0-9-]+\.bin$/.test(key)) throw new Error(`Not a storage key: ${key}`);
    return path.join(dir, key.slice(0, 2), key);
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, bytes, { mode: 0o600 });
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(resolve(key)));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

/** S3-compatible storage through Bun's built-in client; blobs under uploads/ in the bucket. */
export function s3Storage(env: NodeJS.ProcessEnv = process.env): BlobStorage {
  const BunRef = (globalThis as { Bun?: typeof Bun }).Bun;
  if (!BunRef?.S3Client) throw new Error('S3 storage needs the Bun runtime (Bun.S3Client).');
  const client = new BunRef.S3Client({
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  });
  const at = (key: string) => `uploads/${key}`;
  return {
    kind: 's3',
    async put(key, bytes) {
      await client.write(at(key), bytes, { type: 'application/octet-stream' });
    },
    async get(key) {
      const file = client.file(at(key));
      if (!(await file.exists())) return null;
      return new Uint8Array(await file.arrayBuffer());
    },
    async delete(key) {
      await client.delete(at(key));
    },
  };
}

function parseKey(text: string, source: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32) throw new Error(`${source} must be 32 bytes, as 64 hex characters or base64.`);
  return key;
}

const fingerprint = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 16);

export function keyFromEnv(env: NodeJS.ProcessEnv = process.env): FileKey {
  if (env.FILES_KEY) {
    const key = parseKey(env.FILES_KEY, 'FILES_KEY');
    return { key, id: fingerprint(key) };
  }
  if (env.S3_BUCKET) throw new Error('Set FILES_KEY when files are stored in S3: every instance must encrypt with the same key.');
  const file = env.FILES_KEY_FILE ?? path.join(dataRoot(env), 'files.key');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      writeFileSync(file, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e; // another process created it first
    }
  }
  const key = parseKey(readFileSync(file, 'utf8'), file);
  return { key, id: fingerprint(key) };
}

export function storageFromEnv(env: NodeJS.ProcessEnv = process.env): BlobStorage {
  if (env.S3_BUCKET) return s3Storage(env);
  return localStorage(env.FILES_DIR ?? path.join(dataRoot(env), 'uploads'));
}

let configured: { storage: BlobStorage; key: FileKey } | null = null;

/** The storage and key in use (from the environment, on first use). */
export function fileStore() {
  configured ??= { storage: storageFromEnv(), key: keyFromEnv() };
  return configured;
}

/** Replaces the storage and/or key (tests, or a server that configures them itself). */
export function configureFileStore(opts: { storage?: BlobStorage; key?: Buffer }) {
  const current = fileStore();
  configured = {
    storage: opts.storage ?? current.storage,
    key: opts.key ? { key: opts.key, id: fingerprint(opts.key) } : current.key,
  };
}

const MAGIC = Buffer.from('MZF1');

export function encryptBlob(key: Buffer, fileId: string, plain: Uint8Array): Uint8Array {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(fileId));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return new Uint8Array(Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]));
}

export function decryptBlob(key: Buffer, fileId: string, blob: Uint8Array): Uint8Array {
  const b = Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
  if (b.length < 32 || !b.subarray(0, 4).equals(MAGIC)) throw new Error(`Stored file ${fileId} is not an encrypted blob.`);
  const decipher = createDecipheriv('aes-256-gcm', key, b.subarray(4, 16));
  decipher.setAAD(Buffer.from(fileId));
  decipher.setAuthTag(b.subarray(16, 32));
  return new Uint8Array(Buffer.concat([decipher.update(b.subarray(32)), decipher.final()]));
}
