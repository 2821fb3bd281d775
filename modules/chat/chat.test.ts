import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { createTestDatabase } from '@tests/helpers/db';
import { jsonRequest } from '@tests/helpers/http';
import { CURRENCY_HEADER } from './contract';
import { buildKnowledge, parseLearnArticle } from './knowledge';
import { chatRoutes } from './routes';

const article = parseLearnArticle(
  'how-to-exit-your-investment',
  `---
title: "How to exit your investment"
description: Selling on the exchange, the liquidity pool, and the end of the holding period.
---

You do not have to hold a property until it is sold.

## Selling on the exchange

List your shares at a price you choose. Another investor buys them, usually within days, and the money goes to your wallet. Listing is free. Shares held for less than 3 years pay the early exit fee.
`,
);

const knowledge = buildKnowledge({ articles: [article] });

/**
 * The whole API pipeline (validation → 400 with { message, error }), with the chat routes added
 * unless api/app.ts already mounts them. The chat stores nothing; the database only counts the
 * per-address limit.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase('pglite');
});
afterAll(() => database.close());

async function appWithChat() {
  const app = createApp({ db: database.db, log: { error: () => {} } });
  const wired = app.routes.some((r) => r.path === '/api/chat/query');
  return wired ? app : app.use(chatRoutes({ db: database.db, chatKnowledge: knowledge }));
}

const ask = (message: unknown, headers: Record<string, string> = {}) => jsonRequest('/api/chat/query', { message, context: 'general' }, { headers });

describe('POST /api/chat/query', () => {
  it('answers a fee question with the fee figures', async () => {
    const app = await appWithChat();
    const res = await app.handle(ask('What fees do you charge?'));
    expect(res.status).toBe(200);
    const { response } = await res.json();
    expect(response).toContain('Platform fee: 0.5% a year');
    expect(response).toContain('Early exit fee: 0.5%');
  });

  it('writes amounts in the currency of the X-Currency header, AED by default', async () => {
    const app = await appWithChat();
    const aed = (await (await app.handle(ask('What is the minimum investment?'))).json()).response;
    const usd = (await (await app.handle(ask('What is the minimum investment?', { [CURRENCY_HEADER]: 'USD' }))).json()).response;
    const bad = (await (await app.handle(ask('What is the minimum investment?', { [CURRENCY_HEADER]: 'XYZ' }))).json()).response;
    expect(aed).toContain('AED');
    expect(aed).toContain('200.00');
    expect(usd).toContain('$54.50');
    expect(bad).toBe(aed);
  });

  it('answers with an empty response when nothing is relevant', async () => {
    const app = await appWithChat();
    const res = await app.handle(ask('What is the weather in Paris tomorrow?'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ response: '' });
  });

  it('refuses a blank, missing or too long message with 400 and a sentence', async () => {
    const app = await appWithChat();
    for (const [body, message] of [
      [{ message: '   ' }, 'Please type a message'],
      [{}, 'Please type a message'],
      [{ message: 'x'.repeat(2001) }, 'Message must be at most 2,000 characters'],
      [{ message: 'fees', context: 'admin' }, "Context must be 'general'"],
    ] as const) {
      const res = await app.handle(jsonRequest('/api/chat/query', body));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message, error: 'validation_failed' });
    }
  });

  it('accepts a message without context', async () => {
    const app = await appWithChat();
    const res = await app.handle(jsonRequest('/api/chat/query', { message: 'How do I sell my shares on the exchange?' }));
    expect(res.status).toBe(200);
    expect((await res.json()).response).toMatch(/exchange/i);
  });
});
