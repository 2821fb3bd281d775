// The API alone, for `npm run dev` (Astro's dev server proxies /api here).
import { createApp } from './app';
import { bootDatabaseOrExit } from './boot';

const database = await bootDatabaseOrExit();
const port = Number(process.env.API_PORT ?? 4322);
createApp({ db: database.db }).listen({ port, hostname: '127.0.0.1' });
console.log(`[manzil] API (dev) on http://127.0.0.1:${port}`);
