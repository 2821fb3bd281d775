/**
 * The assistant's personal answers against real money: an investor paid known distributions asks what they
 * earned; the answer's figure equals what the wallet and the distribution lines say. Visitors get a sign-in prompt.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { distributionFixtures, periodBefore } from '@modules/distributions/test-helpers';
import type { DistributionJson } from '@modules/distributions/contract';
import { moneyTestDatabase } from '@modules/investing/test-helpers';
import { createSandboxProvider } from '@modules/payments';
import { addMonths, monthStart, startOfDubaiDay, todayInDubai } from '@modules/platform/dates';
import { formatAed } from '@modules/platform/money';
import { q } from '@modules/wallet';
import { composeAnswer } from './compose';
import { buildKnowledge } from './knowledge';
import { offlinePhraser } from './phraser';

describeEachDb('assistant: personal answers', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let admin: TestClient;
  const provider = createSandboxProvider({ confirmAfterMs: null });
  const fx = distributionFixtures(() => ({ database, app, admin, provider }));
  const knowledge = buildKnowledge({ articles: [] });

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    app = createApp({ db: database.db, paymentProvider: provider, chatKnowledge: knowledge });
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
  }, 180_000);
  afterAll(async () => {
    provider.close();
    await database.close();
  });

  const payRun = async (propertyId: string, period: string, amount: number) => {
    await fx.record(propertyId, { period, kind: 'rent', amount: 1_000_000 });
    const run = await admin.json<DistributionJson>('POST', '/api/admin/distributions', { propertyId, period, amount });
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    const paid = await admin.json<DistributionJson>('POST', `/api/admin/distributions/${run.body.id}/pay`);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  };

  it('answers “what did I earn?” with the sum of rent credited to the wallet, listed, equal to the wallet and the distribution lines', async () => {
    const { property, people } = await fx.holdersOf([30n, 10n]);
    const [a, b] = people;
    await payRun(property.id, periodBefore(2), 400_000);
    await payRun(property.id, periodBefore(1), 333_333);

    // What the books say a received: the distribution lines (net of any fees) and the wallet's rent credits.
    const [lines] = await q<{ net: string; n: number }>(
      database.db,
      sql`select coalesce(sum(amount - fee_netted), 0)::text as net, count(*)::int as n from distribution_lines where user_id = ${a.id}`,
    );
    const [credits] = await q<{ s: string }>(database.db, sql`select coalesce(sum(amount), 0)::text as s from wallet_transactions where user_id = ${a.id} and kind = 'distribution'`);
    expect(lines.n).toBe(2);
    expect(credits.s).toBe(lines.net);
    const expected = formatAed(BigInt(lines.net));

    // Through the API: both payments were credited this month.
    const asked = await a.client.json('POST', '/api/ai-assistant/messages', { content: 'What did I earn this month?' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const text: string = asked.body.assistantMessage.content;
    expect(text).toContain(`You earned ${expected} in rent distributions this month`);
    expect(text).toContain('in 2 payments');
    expect(text.match(/^• /gm)).toHaveLength(2);
    expect(asked.body.assistantMessage.links).toEqual([
      { href: '/wallet', label: 'Your wallet' },
      { href: '/portfolio', label: 'Your portfolio' },
    ]);
    expect(asked.body.userMessage.links).toEqual([]);

    // "Last month", asked on the first days of next month, is the same calendar month's credits.
    const nextMonth = startOfDubaiDay(addMonths(monthStart(todayInDubai()), 1));
    const later = new Date(nextMonth.getTime() + 3 * 24 * 3600_000);
    const { text: lastMonth, retrieved } = await composeAnswer({ db: database.db, knowledge, phraser: offlinePhraser }, { userId: a.id }, 'What did I earn last month?', 'AED', later);
    expect(retrieved.kind).toBe('personal');
    expect(lastMonth).toContain(`You earned ${expected} in rent distributions last month`);
    // Nothing was credited in the month before: a zero, and the latest payment for reference.
    const { text: before } = await composeAnswer({ db: database.db, knowledge, phraser: offlinePhraser }, { userId: a.id }, 'What did I earn last month?', 'AED');
    expect(before).toMatch(/^You received no rent distributions last month .*: AED 0\.00\./);
    expect(before).toContain('Your most recent one was AED');

    // Another investor's answer is their own figure.
    const [bLines] = await q<{ net: string }>(database.db, sql`select sum(amount - fee_netted)::text as net from distribution_lines where user_id = ${b.id}`);
    const bAsked = await b.client.json('POST', '/api/ai-assistant/messages', { content: 'How much rent did I receive this month?' });
    expect(bAsked.body.assistantMessage.content).toContain(`You earned ${formatAed(BigInt(bLines.net))}`);
    expect(bAsked.body.assistantMessage.content).not.toContain(expected);
  });

  it('answers wallet, transactions, portfolio and SIP questions from the investor’s own data', async () => {
    const { people } = await fx.holdersOf([12n]);
    const [a] = people;
    const [w] = await q<{ balance: string }>(database.db, sql`select balance::text from wallets where user_id = ${a.id}`);
    const wallet = await a.client.json('POST', '/api/ai-assistant/messages', { content: 'What is my wallet balance?' });
    expect(wallet.body.assistantMessage.content).toContain(`Your wallet balance is ${formatAed(BigInt(w.balance))}`);
    expect(wallet.body.assistantMessage.content).toContain('See: /wallet');

    const tx = await a.client.json('POST', '/api/ai-assistant/messages', { sessionId: wallet.body.sessionId, content: 'Show my recent transactions' });
    expect(tx.body.assistantMessage.content).toMatch(/Your latest \d transactions \(of \d+\):/);
    expect(tx.body.assistantMessage.content).toContain(`Balance after them: ${formatAed(BigInt(w.balance))}.`);

    const portfolio = await a.client.json('POST', '/api/ai-assistant/messages', { sessionId: wallet.body.sessionId, content: 'What is my portfolio worth?' });
    expect(portfolio.body.assistantMessage.content).toContain(`against ${formatAed(1_200_000n)} invested`);
    expect(portfolio.body.assistantMessage.content).toMatch(/12(\.0+)? shares/);
    expect(portfolio.body.assistantMessage.links.map((l: { href: string }) => l.href)).toEqual(['/portfolio']);

    const sip = await a.client.json('POST', '/api/ai-assistant/messages', { sessionId: wallet.body.sessionId, content: 'When is my next SIP collection?' });
    expect(sip.body.assistantMessage.content).toContain('You have no SIP plan.');
    expect(sip.body.assistantMessage.content).toContain('/sip-setup');
  });

  it('asks a visitor to sign in for a personal question, and stores no figures', async () => {
    const visitor = new TestClient(app);
    for (const question of ['What did I earn last month?', 'What is my wallet balance?', 'What do I own?']) {
      const r = await visitor.json('POST', '/api/ai-assistant/messages', { content: question });
      expect(r.status).toBe(201);
      expect(r.body.assistantMessage.content, question).toMatch(/please sign in first/);
      expect(r.body.assistantMessage.content).not.toMatch(/AED/);
      expect(r.body.assistantMessage.links).toEqual([
        { href: '/login', label: 'Sign in' },
        { href: '/signup', label: 'Create an account' },
      ]);
    }
  });
});
