import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import type { Retrieved } from './facts';
import { modelPhraser, offlinePhraser, phraserFromEnv, staysWithinFacts } from './phraser';

const retrieved: Retrieved = {
  kind: 'personal',
  draft: 'You earned AED 1,234.50 in rent distributions last month (October 2026), credited to your wallet in one payment:\n• AED 1,234.50 on 3 Oct 2026 — Rent for September 2026 from Marina Heights\n\nSee: /wallet · /portfolio',
  facts: ['AED 1,234.50'],
  links: [
    { href: '/wallet', label: 'Your wallet' },
    { href: '/portfolio', label: 'Your portfolio' },
  ],
};

/** A fake model that answers with `text` and records the prompts it was given (no network). */
function fakeModel(text: string | Error) {
  return new MockLanguageModelV3({
    doGenerate: async () => {
      if (text instanceof Error) throw text;
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: undefined },
        usage: { inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 20, text: 20, reasoning: undefined } },
        warnings: [],
      };
    },
  });
}
const quiet = { error: () => {} };

describe('the Phraser seam', () => {
  it('offline, answers with the draft composed from the facts', async () => {
    expect(await offlinePhraser.phrase({ question: 'What did I earn last month?', retrieved })).toBe(retrieved.draft);
  });

  it('with a model, keeps a rewording that uses only the retrieved figures and links, and sends it the facts', async () => {
    const model = fakeModel('Last month (October 2026) you received AED 1,234.50 in rent — one payment on 3 Oct 2026 from Marina Heights.\n\nSee: /wallet');
    const text = await modelPhraser(model, { log: quiet }).phrase({ question: 'What did I earn last month?', retrieved });
    expect(text).toMatch(/^Last month \(October 2026\) you received AED 1,234\.50/);
    const prompt = JSON.stringify(model.doGenerateCalls[0].prompt);
    expect(prompt).toContain('AED 1,234.50');
    expect(prompt).toContain('What did I earn last month?');
  });

  it('falls back to the draft when the model invents a figure or a link, or fails', async () => {
    for (const reply of ['You earned AED 1,500.00 last month.', 'You earned AED 1,234.50. Details at /admin/users.', '   ', new Error('503 upstream')]) {
      const text = await modelPhraser(fakeModel(reply), { log: quiet }).phrase({ question: 'What did I earn last month?', retrieved });
      expect(text, String(reply)).toBe(retrieved.draft);
    }
  });

  it('does not send sign-in prompts or "I don’t know" to the model', async () => {
    const model = fakeModel('anything');
    const signIn: Retrieved = { kind: 'sign-in', draft: 'Please sign in first.\n\nSee: /login', facts: [], links: [{ href: '/login', label: 'Sign in' }] };
    expect(await modelPhraser(model, { log: quiet }).phrase({ question: 'my wallet?', retrieved: signIn })).toBe(signIn.draft);
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  it('checks figures as digits and links as paths', () => {
    expect(staysWithinFacts('AED 1234.50, see /wallet', retrieved)).toBe(true);
    expect(staysWithinFacts('AED 1,235 see /wallet', retrieved)).toBe(false);
    expect(staysWithinFacts('see /sip', retrieved)).toBe(false);
  });

  it('is offline unless OPENAI_API_KEY is set (and always in tests)', () => {
    expect(phraserFromEnv({}).name).toBe('offline');
    expect(phraserFromEnv({ OPENAI_API_KEY: 'sk-test', VITEST: 'true' }).name).toBe('offline');
    expect(phraserFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', ASSISTANT_MODEL: 'local' }).name).toBe('model');
  });
});
