import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEES, RETURNS } from '../platform/contract';
import { buildKnowledge, convertAedAmounts, loadLearnArticles, markdownToPlain, parseLearnArticle } from './knowledge';

const SIP_ARTICLE = `---
title: 'How a SIP works, from AED 200 a month'
description: A systematic investment plan puts a fixed amount into UAE property every month.
category: Investing
related: [fees-explained]
---

A systematic investment plan, or **SIP**, is the simplest way to build a property portfolio.

## What cost averaging does, and what it doesn't

When you invest the same amount every month, you buy fewer shares when prices are high and more when they are low. This is called **cost averaging**. Here is a simple illustration:

| Month | Share price | You invest | Shares bought |
|---|---|---|---|
| 1 | AED 50 | AED 200 | 4 |

The average price was AED 46.67, but your average cost per share was AED 46.15.

## Good habits

- **Keep an emergency fund outside Manzil.** Shares in a property can take time to sell, so money you might need quickly belongs somewhere else.
`;

const knowledge = buildKnowledge({ articles: [parseLearnArticle('how-a-sip-works', SIP_ARTICLE)] });

describe('chat knowledge search', () => {
  it('finds the fee answer, with every figure from the platform constants', () => {
    const answer = knowledge.answer('How much are your fees?', 'AED');
    for (const f of FEES) expect(answer).toContain(`${f.name}: ${f.rate}`);
  });

  it('finds a single fee by its name', () => {
    expect(knowledge.answer('is there a penalty for selling early?', 'AED')).toMatch(/^Early exit fee: 0\.5%\. .*3 years/);
    expect(knowledge.answer('performance fee', 'AED')).toMatch(/^Performance fee: 0\.20% of exit profits/);
  });

  it('states returns as the spec does, as a target', () => {
    const answer = knowledge.answer('What returns can I expect?', 'AED');
    expect(answer).toContain(`${RETURNS.total} a year`);
    expect(answer).toContain(RETURNS.rentalYield);
    expect(answer).toContain(RETURNS.appreciation);
    expect(answer).toMatch(/not a guarantee/);
  });

  it("writes amounts in the asker's currency", () => {
    expect(knowledge.answer('minimum investment', 'AED')).toContain('200.00');
    expect(knowledge.answer('minimum investment', 'USD')).toContain('$54.50');
    expect(knowledge.answer('minimum investment', 'INR')).toContain('₹4,550.41');
    expect(knowledge.answer('minimum investment', 'GBP')).toContain('£43.05');
  });

  it('answers from an article passage in a few sentences, with a link to the article', () => {
    const answer = knowledge.answer('how does cost averaging work', 'AED');
    expect(answer).toContain('This is called cost averaging.');
    expect(answer).toContain('you buy fewer shares when prices are high');
    expect(answer).not.toContain('|');
    expect(answer).toMatch(/\n\nRead more: \/learn\/how-a-sip-works$/);
    expect(knowledge.answer('emergency fund', 'AED')).toMatch(/^Keep an emergency fund outside Manzil: Shares in a property/);
  });

  it('converts AED amounts quoted in articles', () => {
    expect(convertAedAmounts('fees of AED 1,000 and AED 46.67 on AED 200', 'USD')).toBe('fees of $272.48 and $12.72 on $54.50');
    expect(convertAedAmounts('AED 200', 'AED')).toBe('AED 200');
  });

  it('answers nothing (empty) for questions it has no knowledge of', () => {
    for (const q of ['What is the weather in Paris?', 'asdf qwerty zxcv', 'tell me a joke', 'hello', 'banana bread recipe', '???']) {
      expect(knowledge.answer(q, 'AED'), q).toBe('');
    }
  });
});

describe('learn articles', () => {
  it('reads the front-matter title and splits the body into passages by ## headings', () => {
    const a = parseLearnArticle('how-a-sip-works', SIP_ARTICLE);
    expect(a.title).toBe('How a SIP works, from AED 200 a month');
    expect(a.description).toMatch(/^A systematic investment plan/);
    expect(a.passages.map((p) => p.heading)).toEqual([
      'How a SIP works, from AED 200 a month',
      "What cost averaging does, and what it doesn't",
      'Good habits',
    ]);
  });

  it('turns markdown into plain sentences', () => {
    expect(markdownToPlain('1. **Verify your identity.** Read [our guide](/learn/kyc) *first*.')).toBe('Verify your identity: Read our guide first.');
  });

  it('tolerates a missing or empty folder, and reads *.md files when present', () => {
    expect(loadLearnArticles('/nonexistent/learn')).toEqual([]);
    const dir = mkdtempSync(path.join(tmpdir(), 'learn-'));
    expect(loadLearnArticles(dir)).toEqual([]);
    writeFileSync(path.join(dir, 'how-a-sip-works.md'), SIP_ARTICLE);
    writeFileSync(path.join(dir, 'notes.txt'), 'ignored');
    expect(loadLearnArticles(dir).map((a) => a.slug)).toEqual(['how-a-sip-works']);
    expect(buildKnowledge({ articles: [] }).answer('What are the fees?', 'AED')).toContain('Platform fee');
  });
});

describe('answers written with the settings in force', () => {
  it('quotes the fees, minimums and rates it is given at answer time, not those the index was built with', async () => {
    const { defaultSettings, publicSettingsOf } = await import('../settings/contract');
    const knowledge = buildKnowledge({ articles: [] });
    expect(knowledge.answer('Is there an early exit fee?', 'AED')).toContain('Early exit fee: 0.5%');
    const changed = publicSettingsOf({ ...defaultSettings('2026-12-01'), earlyExitFeeBps: 75n, poolDiscountBps: 300n, performanceFeeBps: 25n, minInvestment: 30_000n, rateINR: 840_000n, ratesFrom: '2026-12-01' });
    expect(knowledge.answer('Is there an early exit fee?', 'AED', changed)).toContain('Early exit fee: 0.75%');
    const fees = knowledge.answer('What are the fees?', 'AED', changed);
    expect(fees).toContain('Performance fee: 0.25% of exit profits');
    expect(fees).toContain('Liquidity pool discount: 3%');
    expect(knowledge.answer('What is the minimum investment amount?', 'AED', changed)).toMatch(/AED\s300\.00 for a one-off investment/);
    expect(knowledge.answer('Which currencies can I use? Exchange rates', 'AED', changed)).toContain('84 INR');
  });
});
