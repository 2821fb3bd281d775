/**
 * (c) Accounts: GET /api/auth/me with a valid session cookie (one API login, cookie reused) through the
 * production server against a bare Bun.serve answering the same user JSON, interleaved the same way; and
 * what one argon2id login costs: --logins=20 sequential POST /api/auth/login, next to Bun.password.hash /
 * verify timed in this process with the same settings.
 */
import { barePortFrom, interleaved, log, num, percentile, startBare, timing, type Scenario } from '../harness';

const LOGINS = num('logins', 20);

/** `name=value` pairs of a response's Set-Cookie headers, as one Cookie request header. */
function cookieHeader(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!.trim())
    .filter((c) => !/^[^=]+=$/.test(c)) // a cleared cookie (empty value) is not sent back
    .join('; ');
}

async function benchAuth(prodBase: string) {
  // Mutating auth calls need a same-origin Origin and a JSON body (CSRF rules for the header-exempt routes).
  const json = { origin: prodBase, 'content-type': 'application/json' };
  // The bench's own account: the demo accounts do not exist when ADMIN_EMAIL/ADMIN_PASSWORD seeded the database.
  const account = {
    email: `bench.${Date.now().toString(36)}@example.com`,
    password: 'Bench#Login2026',
    firstName: 'Bench',
    lastName: 'Runner',
    phone: '+971500000000',
    terms: true,
  };
  const registered = await fetch(`${prodBase}/api/auth/register`, { method: 'POST', headers: json, body: JSON.stringify(account) });
  if (registered.status !== 201) throw new Error(`could not create the bench account: HTTP ${registered.status} ${await registered.text()}`);

  const login = async () => {
    const t0 = performance.now();
    const res = await fetch(`${prodBase}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ username: account.email, password: account.password }) });
    const body = await res.text();
    const ms = performance.now() - t0;
    if (!res.ok || !body.includes('"id"')) throw new Error(`login failed: HTTP ${res.status} ${body}`);
    return { ms, res };
  };

  // One login whose cookie every GET /api/auth/me reuses (the XSRF-TOKEN cookie too, as a browser would send it).
  const first = await login();
  const cookie = cookieHeader(first.res);
  if (!/mz_session=|session/i.test(cookie)) throw new Error(`the login set no session cookie (got: ${cookie || 'none'})`);
  const me = await fetch(`${prodBase}/api/auth/me`, { headers: { cookie } });
  const meBody = await me.text();
  if (me.status !== 200 || JSON.parse(meBody).email !== account.email) throw new Error(`GET /api/auth/me with the session cookie: HTTP ${me.status} ${meBody}`);
  if (me.headers.getSetCookie().length) log(`note: GET /api/auth/me with a cookie still sets ${me.headers.getSetCookie().length} cookie(s)`);

  // The cost of a login, sequential so each one has the server to itself, next to the argon2id work alone
  // (Bun.password with the auth module's settings: Bun's argon2id defaults) timed in this process. Logins
  // and verifies alternate, so both see the same machine. Successful logins are not counted by the login
  // rate limit (only failures are), so --logins can be any number.
  log(`timing ${LOGINS} × (POST /api/auth/login, in-process Bun.password.verify), then ${LOGINS} × Bun.password.hash ...`);
  let hash = await Bun.password.hash(account.password, { algorithm: 'argon2id' });
  const loginMs: number[] = [];
  const verifyMs: number[] = [];
  for (let i = 0; i < LOGINS; i++) {
    loginMs.push((await login()).ms);
    const t0 = performance.now();
    if (!(await Bun.password.verify(account.password, hash))) throw new Error('Bun.password.verify rejected its own hash');
    verifyMs.push(performance.now() - t0);
  }
  const hashMs: number[] = [];
  for (let i = 0; i < LOGINS; i++) {
    const t0 = performance.now();
    hash = await Bun.password.hash(account.password, { algorithm: 'argon2id' });
    hashMs.push(performance.now() - t0);
  }
  const params = /^\$argon2id\$v=\d+\$([^$]+)\$/.exec(hash)?.[1] ?? 'unknown';

  const bareBase = await startBare('bare Bun.serve (auth/me)', await barePortFrom('BENCH_AUTH_BARE_PORT', 2), meBody);
  const bareBody = await (await fetch(`${bareBase}/api/auth/me`, { headers: { cookie } })).text();
  if (bareBody !== meBody) throw new Error(`the two servers answer differently: ${meBody} vs ${bareBody}`);
  const meBench = interleaved({ production: `${prodBase}/api/auth/me`, bare: `${bareBase}/api/auth/me` }, { cookie }, 0.4);

  return {
    me: meBench,
    login: {
      http: timing(loginMs),
      argon2id: { params, hash: timing(hashMs), verify: timing(verifyMs) },
      verifyShareOfLogin: percentile(verifyMs, 50) / percentile(loginMs, 50),
    },
  };
}

export const authScenario: Scenario = {
  name: 'auth',
  needs: 'server',
  async run({ base, result, row }) {
    const auth = await benchAuth(base);
    result.auth = auth;
    const { me, login } = auth;
    row(
      'GET /api/auth/me req/s (session)',
      `${me.production.reqPerSec.toLocaleString('en-US')}`,
      `bare ${me.bare.reqPerSec.toLocaleString('en-US')}`,
      `${(me.ratio * 100).toFixed(0)}%`,
      `${me.meetsTarget ? 'ok' : 'BELOW TARGET'} (target ≥ 40%; p99 ${me.production.p99Ms} vs ${me.bare.p99Ms} ms${me.production.non2xx ? `; ${me.production.non2xx} non-2xx` : ''})`,
    );
    const ms = (x: number) => `${x.toFixed(0)} ms`;
    row(
      'POST /api/auth/login (argon2id)',
      `${ms(login.http.medianMs)}/login`,
      `verify ${ms(login.argon2id.verify.medianMs)}`,
      `${(login.verifyShareOfLogin * 100).toFixed(0)}%`,
      `median of ${login.http.n} sequential (p95 ${ms(login.http.p95Ms)}); hash ${ms(login.argon2id.hash.medianMs)}; ${login.argon2id.params}`,
    );
  },
};
