/**
 * (e) Properties: the server-rendered /properties page of a catalogue of 100 published properties (its own
 * production server on its own seeded data dir) against a bare Bun.serve answering the same HTML from a
 * file, interleaved the same way.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { barePortFrom, interleaved, kb, log, num, root, start, tempDirs, waitFor, type Scenario } from '../harness';

const PROPERTY_COUNT = num('properties', 100);

async function benchProperties(outDir: string) {
  // Its own data dir with the catalogue seeded to PROPERTY_COUNT published properties (embedded PGlite,
  // whatever DATABASE_URL says: the bench must not write into a real database).
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'manzil-bench-props-'));
  tempDirs.push(dataDir);
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const seeded = Bun.spawnSync([process.execPath, 'tests/bench/properties-seed.ts', dataDir, String(PROPERTY_COUNT)], { cwd: root, env, stdout: 'pipe', stderr: 'pipe' });
  if (seeded.exitCode !== 0) throw new Error(`seeding the properties bench failed:\n${seeded.stderr.toString()}`);
  log(seeded.stdout.toString().trim().replace(/^\[bench\] /, ''));

  const port = await barePortFrom('BENCH_PROPERTIES_PORT', 3);
  const proc = start('properties server', [process.execPath, 'api/server.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ASTRO_OUT_DIR: outDir,
    NODE_ENV: 'production',
    DATABASE_URL: '',
  });
  const prodBase = `http://127.0.0.1:${port}`;
  await waitFor(`${prodBase}/api/health`, 'the properties server', proc);

  const page = await fetch(`${prodBase}/properties`);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`GET /properties answered ${page.status}`);
  const cards = (html.match(/<article\b/g) ?? []).length;
  const total = /(\d+) properties/.exec(html)?.[1];
  if (Number(total) !== PROPERTY_COUNT || cards === 0) throw new Error(`/properties lists ${total ?? 'no'} properties (${cards} cards); expected ${PROPERTY_COUNT}`);
  const file = path.join(dataDir, 'properties.html');
  writeFileSync(file, html);

  const staticPort = await barePortFrom('BENCH_STATIC_PORT', 4);
  const staticProc = start('static Bun.serve (/properties HTML)', [process.execPath, 'tests/bench/static-page.ts'], { PORT: String(staticPort), HOST: '127.0.0.1', FILE: file });
  const staticBase = `http://127.0.0.1:${staticPort}`;
  await waitFor(`${staticBase}/properties`, 'the static server', staticProc);
  const same = await (await fetch(`${staticBase}/properties`)).text();
  if (same !== html) throw new Error('the static server does not answer the same HTML');
  log(`/properties: ${PROPERTY_COUNT} published properties, ${cards} cards on page 1, ${kb(new TextEncoder().encode(html).length)} KB of HTML`);
  const measured = interleaved({ production: `${prodBase}/properties`, bare: `${staticBase}/properties` }, {}, 0.25);
  return { properties: PROPERTY_COUNT, cardsOnPage: cards, htmlBytes: new TextEncoder().encode(html).length, ...measured };
}

export const propertiesScenario: Scenario = {
  name: 'properties',
  needs: 'build',
  async run({ outDir, result, row }) {
    const props = await benchProperties(outDir);
    result.properties = props;
    row(
      `GET /properties (${props.properties}) req/s`,
      `${props.production.reqPerSec.toLocaleString('en-US')}`,
      `static ${props.bare.reqPerSec.toLocaleString('en-US')}`,
      `${(props.ratio * 100).toFixed(0)}%`,
      `${props.meetsTarget ? 'ok' : 'BELOW TARGET'} (target ≥ 25%; ${kb(props.htmlBytes)} KB page; p99 ${props.production.p99Ms} vs ${props.bare.p99Ms} ms${props.production.non2xx ? `; ${props.production.non2xx} non-2xx` : ''})`,
    );
  },
};
