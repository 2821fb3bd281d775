import { describe, expect, it } from 'vitest';
import { answerParts, answerText, faqItems, faqJsonLd, MIN_TOKEN } from './faq';

describe('home FAQ', () => {
  it('publishes every question as FAQPage structured data with the minimum written out', () => {
    const ld = faqJsonLd();
    expect(ld['@type']).toBe('FAQPage');
    expect(ld.mainEntity).toHaveLength(faqItems.length);
    const minimum = ld.mainEntity.find((q) => q.name === 'What is the minimum investment?')!;
    expect(minimum.acceptedAnswer.text).toContain('from AED 200,');
    for (const q of ld.mainEntity) expect(q.acceptedAnswer.text).not.toContain(MIN_TOKEN);
  });

  it('has 8 to 12 questions with unique anchors', () => {
    expect(faqItems.length).toBeGreaterThanOrEqual(8);
    expect(faqItems.length).toBeLessThanOrEqual(12);
    expect(new Set(faqItems.map((f) => f.id)).size).toBe(faqItems.length);
  });

  it('states every fee from the contract in the fees answer', () => {
    const text = answerText(faqItems.find((f) => f.id === 'faq-fees')!);
    for (const rate of ['0.5% a year', '0.20% of exit profits', '0.5% to 2.5%', '2%']) expect(text).toContain(rate);
  });

  it('marks every fee rate in the answers, so the page can print the rate in force', () => {
    const fees = faqItems.flatMap((f) => f.answer.flatMap(answerParts)).flatMap((p) => ('fee' in p ? [p.fee] : []));
    expect(new Set(fees)).toEqual(new Set(['platform', 'performance', 'transaction', 'early-exit', 'liquidity-pool']));
    expect(answerParts('a {fee:performance} fee from {min}.')).toEqual([{ text: 'a ' }, { fee: 'performance', rate: '0.20% of exit profits' }, { text: ' fee from ' }, { min: true }, { text: '.' }]);
    // An unknown key is left as text rather than dropped.
    expect(answerParts('{fee:nope}')).toEqual([{ text: '{fee:nope}' }]);
    for (const q of faqJsonLd().mainEntity) expect(q.acceptedAnswer.text).not.toMatch(/\{fee:/);
  });
});
