/**
 * What the script benchmarks that seed their own data share: a database of their own on the PostgreSQL server
 * (created for the run, dropped after it) and timings taken side by side.
 */
import postgres from 'postgres';
import { openDatabase, type Database } from '@db/client';

export type OwnDatabase = { database: Database; raw: postgres.Sql; drop: () => Promise<void> };

/** A fresh database named `<prefix>_<time>` on BENCH_DATABASE_URL (else TEST_DATABASE_URL, else the local server). */
export async function ownDatabase(prefix: string): Promise<OwnDatabase> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  const raw = postgres(url.toString(), { max: 1, onnotice: () => {} });
  return {
    database,
    raw,
    drop: async () => {
      await raw.end({ timeout: 5 });
      await database.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function time(f: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await f();
  return performance.now() - t;
}

/** Both queries once to warm up, then `rounds` interleaved runs of each; the median milliseconds of each. */
export async function sideBySide(rounds: number, raw: () => Promise<unknown>, ours: () => Promise<unknown>): Promise<{ raw: number; ours: number }> {
  await raw();
  await ours();
  const samples = { raw: [] as number[], ours: [] as number[] };
  for (let r = 0; r < rounds; r++) {
    samples.raw.push(await time(raw));
    samples.ours.push(await time(ours));
  }
  return { raw: median(samples.raw), ours: median(samples.ours) };
}

export const percent = (x: number) => `${(x * 100).toFixed(1)} %`;
