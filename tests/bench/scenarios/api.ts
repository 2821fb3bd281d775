/**
 * (b) GET /api/health through the whole production server (api/server.ts) against a bare Bun.serve
 * answering the same JSON, with autocannon, interleaved A, B, A, B.
 */
import { barePortFrom, interleaved, startBare, type Scenario } from '../harness';

async function benchApi(prodBase: string) {
  const bareBase = await startBare('bare Bun.serve', await barePortFrom('BENCH_BARE_PORT', 1));
  const [a, b] = await Promise.all([fetch(`${prodBase}/api/health`), fetch(`${bareBase}/api/health`)]);
  const [aBody, bBody] = await Promise.all([a.text(), b.text()]);
  if (aBody !== bBody) throw new Error(`the two servers answer differently: ${aBody} vs ${bBody}`);
  return interleaved({ production: `${prodBase}/api/health`, bare: `${bareBase}/api/health` }, {}, 0.6);
}

export const apiScenario: Scenario = {
  name: 'api',
  needs: 'server',
  async run({ base, result, row }) {
    const api = await benchApi(base);
    result.api = api;
    row(
      'GET /api/health req/s',
      `${api.production.reqPerSec.toLocaleString('en-US')}`,
      `bare ${api.bare.reqPerSec.toLocaleString('en-US')}`,
      `${(api.ratio * 100).toFixed(0)}%`,
      `${api.meetsTarget ? 'ok' : 'BELOW TARGET'} (target ≥ 60%; p99 ${api.production.p99Ms} vs ${api.bare.p99Ms} ms${api.production.non2xx ? `; ${api.production.non2xx} non-2xx` : ''})`,
    );
  },
};
