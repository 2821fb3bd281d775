/**
 * The KYC backup archive file: a tar (ustar) stream, encrypted in chunks with a key derived from the
 * administrator's passphrase. Node/Bun only (node:crypto).
 *
 *   header   "MZKB" | version 1 | 16-byte scrypt salt | log2 N | r | p          (24 bytes)
 *   chunks   u32 plain length | 12-byte IV | 16-byte GCM tag | ciphertext        (repeated)
 *
 * Each chunk's additional data is the header, its index and a "last chunk" flag, so chunks cannot be
 * reordered, dropped or cut off at the end without the archive failing to open. Inside: manifest.json,
 * records.json and documents/<file id>.<ext> (documents decrypted from storage, so an archive restores
 * on any installation; the archive's own encryption protects them).
 */
import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCb } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

export const ARCHIVE_MAGIC = Buffer.from('MZKB');
export const ARCHIVE_VERSION = 1;
const HEADER_BYTES = 24;
/** Plaintext per encrypted chunk. */
export const ARCHIVE_CHUNK_BYTES = 1024 * 1024;
const SCRYPT = { logN: 15, r: 8, p: 1 };

export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

function deriveKey(passphrase: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(passphrase.normalize('NFKC'), salt, 32, { N: 2 ** logN, r, p, maxmem: 256 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

const chunkAad = (header: Buffer, index: number, last: boolean) => {
  const b = Buffer.alloc(HEADER_BYTES + 5);
  header.copy(b, 0);
  b.writeUInt32BE(index, HEADER_BYTES);
  b[HEADER_BYTES + 4] = last ? 1 : 0;
  return b;
};

// ——— tar (ustar) ———

function octal(value: number, width: number) {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

/** A 512-byte ustar header for a regular file. */
export function tarHeader(name: string, size: number, mtime = new Date()): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar: name too long: ${name}`);
  const h = Buffer.alloc(512, 0);
  h.write(name, 0, 100, 'utf8');
  h.write(octal(0o600, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(size, 12), 124, 'ascii');
  h.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  h.write('        ', 148, 'ascii'); // checksum placeholder
  h.write('0', 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(octal(sum, 7) + ' ', 148, 'ascii');
  return h;
}

const padding = (size: number) => (512 - (size % 512)) % 512;

function parseTarHeader(h: Buffer): { name: string; size: number } | null {
  if (h.every((b) => b === 0)) return null;
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : h[i];
  const stored = parseInt(h.subarray(148, 156).toString('ascii').replace(/\0/g, '').trim(), 8);
  if (stored !== sum) throw new ArchiveError('The archive is damaged: a tar header checksum does not match.');
  const name = h.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
  const size = parseInt(h.subarray(124, 136).toString('ascii').replace(/\0/g, '').trim() || '0', 8);
  const type = String.fromCharCode(h[156] || 48);
  if (type !== '0') throw new ArchiveError(`The archive holds an entry of an unexpected type (${name}).`);
  return { name, size };
}

// ——— writing ———

/**
 * Writes an encrypted tar archive to a file, entry by entry, without holding it in memory.
 * `await create(path, passphrase)`, then `addEntry(name, bytes)` for each file, then `finish()`.
 */
export class ArchiveWriter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private index = 0;
  private written = 0;
  private constructor(
    private readonly file: FileHandle,
    private readonly key: Buffer,
    private readonly header: Buffer,
  ) {}

  static async create(path: string, passphrase: string): Promise<ArchiveWriter> {
    const salt = randomBytes(16);
    const header = Buffer.alloc(HEADER_BYTES);
    ARCHIVE_MAGIC.copy(header, 0);
    header[4] = ARCHIVE_VERSION;
    salt.copy(header, 5);
    header[21] = SCRYPT.logN;
    header[22] = SCRYPT.r;
    header[23] = SCRYPT.p;
    const key = await deriveKey(passphrase, salt, SCRYPT.logN, SCRYPT.r, SCRYPT.p);
    const file = await open(path, 'wx', 0o600);
    await file.write(header);
    const w = new ArchiveWriter(file, key, header);
    w.written = HEADER_BYTES;
    return w;
  }

  get bytesWritten() {
    return this.written;
  }

  private async flush(last: boolean) {
    while (this.pendingBytes >= ARCHIVE_CHUNK_BYTES || (last && this.pendingBytes >= 0)) {
      const all = Buffer.concat(this.pending);
      const take = Math.min(all.length, ARCHIVE_CHUNK_BYTES);
      const plain = all.subarray(0, take);
      const rest = all.subarray(take);
      const isLast = last && rest.length === 0;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', this.key, iv);
      cipher.setAAD(chunkAad(this.header, this.index++, isLast));
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      const len = Buffer.alloc(4);
      len.writeUInt32BE(plain.length);
      const out = Buffer.concat([len, iv, cipher.getAuthTag(), body]);
      await this.file.write(out);
      this.written += out.length;
      this.pending = rest.length ? [Buffer.from(rest)] : [];
      this.pendingBytes = rest.length;
      if (isLast) return;
    }
  }

  private async push(b: Buffer) {
    this.pending.push(b);
    this.pendingBytes += b.length;
    if (this.pendingBytes >= ARCHIVE_CHUNK_BYTES) await this.flush(false);
  }

  async addEntry(name: string, bytes: Uint8Array, mtime?: Date) {
    await this.push(tarHeader(name, bytes.length, mtime));
    await this.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const pad = padding(bytes.length);
    if (pad) await this.push(Buffer.alloc(pad));
  }

  async finish() {
    await this.push(Buffer.alloc(1024)); // end of archive: two zero blocks
    await this.flush(true);
    await this.file.close();
  }

  async abort() {
    await this.file.close().catch(() => {});
  }
}

// ——— reading ———

/** Reads exactly n bytes from an async byte source, or fewer at the end. */
class ByteReader {
  private buf: Buffer = Buffer.alloc(0);
  private done = false;
  consumed = 0;
  constructor(private readonly source: AsyncIterator<Buffer>) {}
  async read(n: number): Promise<Buffer> {
    while (this.buf.length < n && !this.done) {
      const next = await this.source.next();
      if (next.done) this.done = true;
      else this.buf = this.buf.length ? Buffer.concat([this.buf, next.value]) : next.value;
    }
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(out.length);
    this.consumed += out.length;
    return out;
  }
  /** Puts peeked bytes back in front. */
  unshift(b: Buffer) {
    this.buf = this.buf.length ? Buffer.concat([b, this.buf]) : b;
    this.consumed -= b.length;
  }
}

async function* fileBytes(path: string): AsyncGenerator<Buffer> {
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) yield chunk as Buffer;
}

/** The plaintext of an archive file, chunk by chunk; throws ArchiveError for a wrong passphrase or any damage. */
export async function* decryptArchive(path: string, passphrase: string, onProgress?: (encryptedBytesRead: number) => void): AsyncGenerator<Buffer> {
  const reader = new ByteReader(fileBytes(path)[Symbol.asyncIterator]());
  const header = await reader.read(HEADER_BYTES);
  if (header.length < HEADER_BYTES || !header.subarray(0, 4).equals(ARCHIVE_MAGIC)) {
    throw new ArchiveError('This is not a Manzil KYC backup archive (.mzkb).');
  }
  if (header[4] !== ARCHIVE_VERSION) throw new ArchiveError(`This archive has format version ${header[4]}; this server reads version ${ARCHIVE_VERSION}.`);
  const [logN, r, p] = [header[21], header[22], header[23]];
  if (logN < 10 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 16) throw new ArchiveError('The archive header is damaged.');
  const key = await deriveKey(passphrase, Buffer.from(header.subarray(5, 21)), logN, r, p);
  for (let index = 0; ; index++) {
    const len = await reader.read(4);
    if (len.length === 0) throw new ArchiveError('The archive is incomplete: it ends before its last part.');
    if (len.length < 4) throw new ArchiveError('The archive is damaged or incomplete.');
    const size = len.readUInt32BE(0);
    if (size > ARCHIVE_CHUNK_BYTES) throw new ArchiveError('The archive is damaged.');
    const iv = await reader.read(12);
    const tag = await reader.read(16);
    const body = await reader.read(size);
    if (iv.length < 12 || tag.length < 16 || body.length < size) throw new ArchiveError('The archive is incomplete: it was cut off.');
    // Peek whether more follows, to know which "last" flag this chunk must carry.
    const more = await reader.read(1);
    const last = more.length === 0;
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(chunkAad(header, index, last));
    decipher.setAuthTag(tag);
    let plain: Buffer;
    try {
      plain = Buffer.concat([decipher.update(body), decipher.final()]);
    } catch {
      throw new ArchiveError(
        index === 0 ? 'The passphrase does not open this archive (or the file is damaged).' : `The archive is damaged: part ${index + 1} does not decrypt.`,
      );
    }
    onProgress?.(reader.consumed);
    yield plain;
    if (last) return;
    reader.unshift(more);
  }
}

export type TarEntry = { name: string; bytes: Buffer };

/** The entries of a tar stream, one at a time (each entry's bytes in memory; documents are ≤ 10 MB). */
export async function* readTar(plain: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(plain[Symbol.asyncIterator]());
  for (;;) {
    const h = await reader.read(512);
    if (h.length === 0) throw new ArchiveError('The archive is incomplete: the end-of-archive marker is missing.');
    if (h.length < 512) throw new ArchiveError('The archive is damaged: a header is cut off.');
    const entry = parseTarHeader(h);
    if (!entry) return;
    if (entry.size > 64 * 1024 * 1024) throw new ArchiveError(`The archive entry ${entry.name} is too large.`);
    const bytes = await reader.read(entry.size);
    if (bytes.length < entry.size) throw new ArchiveError(`The archive is damaged: ${entry.name} is cut off.`);
    const pad = padding(entry.size);
    if (pad) await reader.read(pad);
    yield { name: entry.name, bytes: Buffer.from(bytes) };
  }
}
