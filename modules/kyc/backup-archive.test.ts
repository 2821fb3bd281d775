import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ArchiveWriter, decryptArchive, readTar, tarHeader } from './backup-archive';

const dir = mkdtempSync(path.join(os.tmpdir(), 'mzkb-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entries = [
  { name: 'manifest.json', bytes: Buffer.from('{"hello":"world"}') },
  { name: 'documents/a.png', bytes: randomBytes(2_500_000) }, // spans several 1 MB chunks
  { name: 'documents/b.pdf', bytes: randomBytes(511) },
  { name: 'empty.txt', bytes: Buffer.alloc(0) },
];

async function write(name: string, passphrase = 'correct horse battery') {
  const file = path.join(dir, name);
  const w = await ArchiveWriter.create(file, passphrase);
  for (const e of entries) await w.addEntry(e.name, e.bytes);
  await w.finish();
  return file;
}

async function readAll(file: string, passphrase = 'correct horse battery') {
  const out: { name: string; bytes: Buffer }[] = [];
  for await (const e of readTar(decryptArchive(file, passphrase))) out.push(e);
  return out;
}

describe('the backup archive', () => {
  it('writes a valid ustar header (checksum, octal size)', () => {
    const h = tarHeader('documents/x.pdf', 1234, new Date(0));
    expect(h.length).toBe(512);
    expect(h.subarray(257, 262).toString()).toBe('ustar');
    expect(parseInt(h.subarray(124, 135).toString(), 8)).toBe(1234);
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : h[i];
    expect(parseInt(h.subarray(148, 155).toString(), 8)).toBe(sum);
  });

  it('reads back exactly what was written, across chunks', async () => {
    const file = await write('roundtrip.mzkb');
    const back = await readAll(file);
    expect(back.map((e) => e.name)).toEqual(entries.map((e) => e.name));
    back.forEach((e, i) => expect(e.bytes.equals(entries[i].bytes)).toBe(true));
    // Encrypted: no plaintext in the file.
    expect(readFileSync(file).includes(Buffer.from('"hello":"world"'))).toBe(false);
  });

  it('refuses a wrong passphrase', async () => {
    const file = await write('wrong.mzkb');
    await expect(readAll(file, 'not the passphrase')).rejects.toThrow(/passphrase does not open/);
  });

  it('detects a flipped byte, a cut-off file, a dropped last chunk and a foreign file', async () => {
    const file = await write('tamper.mzkb');
    const bytes = readFileSync(file);

    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 2)] ^= 1;
    writeFileSync(path.join(dir, 'flipped.mzkb'), flipped);
    await expect(readAll(path.join(dir, 'flipped.mzkb'))).rejects.toThrow(/damaged/);

    writeFileSync(path.join(dir, 'cut.mzkb'), bytes.subarray(0, bytes.length - 100));
    await expect(readAll(path.join(dir, 'cut.mzkb'))).rejects.toThrow(/cut off|incomplete|damaged/);

    // Drop the final chunk entirely: the previous chunk was not flagged last, so this must fail too.
    let offset = 24;
    const starts: number[] = [];
    while (offset < bytes.length) {
      starts.push(offset);
      offset += 4 + 12 + 16 + bytes.readUInt32BE(offset);
    }
    expect(starts.length).toBeGreaterThan(2);
    writeFileSync(path.join(dir, 'dropped.mzkb'), bytes.subarray(0, starts[starts.length - 1]));
    await expect(readAll(path.join(dir, 'dropped.mzkb'))).rejects.toThrow(/damaged|incomplete/);

    writeFileSync(path.join(dir, 'foreign.mzkb'), Buffer.from('PK\x03\x04 not ours'));
    await expect(readAll(path.join(dir, 'foreign.mzkb'))).rejects.toThrow(/not a Manzil KYC backup/);
  });
});
