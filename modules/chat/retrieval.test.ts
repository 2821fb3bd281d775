/** Retrieval quality over the real learn articles and FAQ: a handful of questions → the expected article or answer. */
import { describe, expect, it } from 'vitest';
import { FEES, MIN_INVESTMENT_FILS } from '../platform/contract';
import { formatFilsIn } from '../platform/money';
import { linksIn } from './compose';
import { buildKnowledge, loadLearnArticles } from './knowledge';

const articles = loadLearnArticles();
const knowledge = buildKnowledge({ articles });

describe('retrieval over the learn articles and the FAQ', () => {
  it('reads every learn article of the site', () => {
    expect(articles.map((a) => a.slug)).toEqual(
      expect.arrayContaining(['fees-explained', 'how-a-sip-works', 'how-to-exit-your-investment', 'investing-from-abroad', 'why-we-verify-your-identity']),
    );
  });

  it.each([
    ['Is rental yield better than capital appreciation?', '/learn/rental-yield-vs-capital-appreciation'],
    ['Which is better, Dubai Marina or Abu Dhabi?', '/learn/dubai-vs-abu-dhabi-communities'],
    ['How does cost averaging work?', '/learn/how-a-sip-works'],
    ['What is an SPV?', '/learn/what-is-fractional-property-ownership'],
    ['Can I invest from outside the UAE?', '/learn/investing-from-abroad'],
    ['What are the fees?', '/learn/fees-explained'],
  ])('“%s” links to %s', (question, href) => {
    const answer = knowledge.answer(question, 'AED');
    expect(linksIn(answer).map((l) => l.href)).toContain(href);
  });

  it.each([
    ['How do I sell my shares on the exchange?', 'faq:exit'],
    ['Why do you need my passport?', 'faq:kyc'],
    ['How do I receive rental income?', 'faq:rental-income'],
    ['What happens if the property loses value?', 'faq:risk'],
  ])('“%s” is answered by %s', (question, id) => {
    expect(knowledge.search(question)[0]?.id).toBe(id);
  });

  it('states fees and the minimum from the platform’s own constants, never copies', () => {
    const fees = knowledge.answer('What are the fees?', 'AED');
    for (const f of FEES) expect(fees).toContain(f.rate);
    expect(knowledge.answer('What is the minimum investment?', 'USD')).toContain(formatFilsIn(MIN_INVESTMENT_FILS, 'USD'));
  });

  it('has nothing to say about unrelated things', () => {
    for (const q of ['What is the weather in Paris?', 'Who won the football?', 'zzzz']) expect(knowledge.answer(q, 'AED'), q).toBe('');
  });
});
