/**
 * `npm run dev` / `bun dev`: Astro's dev server (with /api proxied) and the API with reload.
 * Astro on PORT (default 4321), the API on API_PORT (default 4322).
 */
import { spawn } from 'node:child_process';

const env = { ...process.env, API_PORT: process.env.API_PORT ?? '4322' };
const children = [
  spawn('bun', ['--watch', 'api/dev-server.ts'], { stdio: 'inherit', env }),
  spawn('bun', ['--bun', 'astro', 'dev', '--port', process.env.PORT ?? '4321'], { stdio: 'inherit', env }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && code !== 0 && stop());
