import { describe, expect, it } from 'vitest';
import { detectIntent } from './intents';

describe('the intent layer', () => {
  it('recognises questions about the asker’s own figures, with the period asked about', () => {
    const cases: [string, string, string][] = [
      ['What did I earn last month?', 'earnings', 'last-month'],
      ['how much rent did I receive this year', 'earnings', 'this-year'],
      ['What have I earned so far this month?', 'earnings', 'this-month'],
      ['Show my distributions', 'earnings', 'recent'],
      ['What is my wallet balance?', 'wallet', 'recent'],
      ['How much money is in my wallet?', 'wallet', 'recent'],
      ['my recent transactions', 'transactions', 'recent'],
      ['What do I own?', 'portfolio', 'recent'],
      ['How many shares do I own?', 'portfolio', 'recent'],
      ['How much are my shares worth?', 'portfolio', 'recent'],
      ['What is my portfolio worth?', 'portfolio', 'recent'],
      ['When is my next SIP collection?', 'sip', 'recent'],
      ['How is my SIP doing?', 'sip', 'recent'],
    ];
    for (const [q, intent, period] of cases) expect(detectIntent(q), q).toEqual({ kind: 'personal', intent, period });
  });

  it('leaves how-to and product questions to retrieval, even in the first person', () => {
    for (const q of [
      'How do I receive rental income?',
      'How can I see my wallet?',
      'How does the early exit fee work when I sell my shares?',
      'What happens to my shares if the property is sold?',
      'Is there a fee when I top up my wallet?',
      'Can I cancel my investment?',
      'What are the fees?',
      'How does a SIP work?',
      'What returns can I expect?',
      'What is the minimum investment?',
      '',
      '\u0000',
    ]) {
      expect(detectIntent(q), q).toEqual({ kind: 'general' });
    }
  });
});
