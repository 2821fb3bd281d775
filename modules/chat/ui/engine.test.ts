import { describe, expect, it } from 'vitest';
import { FEES } from '@modules/platform/contract';
import { MEMBER_ACTIONS, SIP_LOGIN_TOAST, VISITOR_ACTIONS } from '../contract';
import { CANNED, CHAT_TOPICS, cannedReply, chipsFor, matchTopic, normalize, resolveAction, TOPIC_CHIPS, welcomeMessage, WELCOME_TEXT } from './engine';

const visitor = { currency: 'AED', signedIn: false } as const;
const member = { currency: 'AED', signedIn: true } as const;

describe('canned answer matching (§4)', () => {
  it('matches the exact lower-cased text first', () => {
    expect(matchTopic('WHAT ARE THE FEES?')).toEqual({ topic: 'fees', by: 'exact' });
    expect(matchTopic('  what’s the   minimum investment ')).toEqual({ topic: 'minimum-investment', by: 'exact' });
  });

  it('then a substring either way', () => {
    // the message contains a question…
    expect(matchTopic('Hi! How do I sell my shares if I need cash?')).toEqual({ topic: 'liquidation', by: 'substring' });
    // …or a question contains the message
    expect(matchTopic('fractional ownership work')).toEqual({ topic: 'fractional-ownership', by: 'substring' });
    // the longest (most specific) question wins
    expect(matchTopic('what is sip? and what are the benefits of sip?')?.topic).toBe('benefits');
    // filler words alone never match a longer question
    expect(matchTopic('what is')).toBeNull();
  });

  it('then the keyword rules, in order: sip, automated, fractional, minimum, start, fee, sell, safe, manual', () => {
    const cases: [string, string, string][] = [
      ['Can I pause my sip later', 'sip', 'sip-overview'],
      ['I want to begin a SIP today', 'sip', 'start'],
      ['why would a sip help me', 'sip', 'benefits'],
      ['does automated investing pick for me', 'automated', 'sip-overview'],
      ['fractions of a villa?', 'fractional', 'fractional-ownership'],
      ['is there a minimum', 'minimum', 'minimum-investment'],
      ['where should I start', 'start', 'get-started'],
      ['any fee for deposits', 'fee', 'fees'],
      ['can I sell whenever I want', 'sell', 'liquidation'],
      ['is my money safe with you', 'safe', 'safety'],
      ['can I choose manually', 'manual', 'comparison'],
    ];
    for (const [message, keyword, topic] of cases) expect(matchTopic(message), message).toEqual({ topic, by: 'keyword', keyword });
    // order: 'sip' comes before 'safe' and 'fee'
    expect(matchTopic('is a sip safe and what fee')?.topic).toBe('sip-overview');
    // whole words only: "gossip" is not a SIP question
    expect(matchTopic('any gossip')).toBeNull();
  });

  it('leaves everything else to the server, and ignores blank messages', () => {
    expect(cannedReply('What is the weather in Dubai tomorrow?', visitor)).toBeNull();
    expect(cannedReply('   ', visitor)).toBeNull();
    expect(normalize('  Hello?!  ')).toBe('hello');
  });
});

describe('topics and chips', () => {
  it('starts with one welcome message and the default chips', () => {
    const w = welcomeMessage();
    expect(w).toMatchObject({ role: 'assistant', content: WELCOME_TEXT });
    expect(chipsFor('default')).toEqual(TOPIC_CHIPS.default);
  });

  it('gives every topic its own chip set, and every chip is answered by a canned reply', () => {
    expect(Object.keys(TOPIC_CHIPS).sort()).toEqual([...CHAT_TOPICS].sort());
    const sets = new Set(CHAT_TOPICS.map((t) => TOPIC_CHIPS[t].join('|')));
    expect(sets.size).toBe(CHAT_TOPICS.length);
    for (const topic of CHAT_TOPICS) {
      for (const chip of TOPIC_CHIPS[topic]) {
        const reply = cannedReply(chip, visitor);
        expect(reply, chip).not.toBeNull();
        expect(matchTopic(chip)?.by).toBe('exact');
        expect(reply!.topic).not.toBe(topic); // a chip moves the conversation on
      }
    }
  });

  it('answers each canned question with its own topic', () => {
    for (const [topic, c] of Object.entries(CANNED)) for (const q of c.questions) expect(cannedReply(q, visitor)?.topic, q).toBe(topic);
  });
});

describe('answers', () => {
  it('state every fee from the platform constants', () => {
    const { content } = cannedReply('What are the fees?', visitor)!;
    for (const f of FEES) expect(content).toContain(f.rate);
    expect(content).toContain('within 3 years');
  });

  it("write the minimum in the visitor's currency", () => {
    expect(cannedReply("What's the minimum investment?", visitor)!.content).toMatch(/^You can start with AED\s200\.00 /);
    expect(cannedReply("What's the minimum investment?", { currency: 'USD', signedIn: false })!.content).toMatch(/^You can start with \$54\.50 /);
    expect(cannedReply('What is SIP?', { currency: 'EUR', signedIn: false })!.content).toContain('€50.68');
  });
});

describe('SIP actions (§6)', () => {
  it('attach sign-up and log-in to SIP answers for visitors, SIP setup and properties for members', () => {
    expect(cannedReply('What is SIP?', visitor)!.actions).toEqual(VISITOR_ACTIONS);
    expect(cannedReply('tell me about automated investing', member)!.actions).toEqual(MEMBER_ACTIONS);
    expect(VISITOR_ACTIONS.map((a) => a.label)).toEqual(['Sign up & start investing', 'I have an account']);
    expect(MEMBER_ACTIONS.map((a) => a.label)).toEqual(['Start Automated Investing', 'Browse Properties']);
  });

  it('leave answers on other subjects without buttons', () => {
    expect(cannedReply('What are the fees?', visitor)!.actions).toBeUndefined();
    expect(cannedReply('Is my investment safe?', member)!.actions).toBeUndefined();
  });

  it('lead where they say; SIP signup while signed out asks the visitor to log in', () => {
    expect(resolveAction({ type: 'register' }, false)).toEqual({ href: '/signup' });
    expect(resolveAction({ type: 'login' }, false)).toEqual({ href: '/login' });
    expect(resolveAction({ type: 'sip_signup' }, true)).toEqual({ href: '/sip-setup' });
    expect(resolveAction({ type: 'manual_investing' }, true)).toEqual({ href: '/properties' });
    expect(resolveAction({ type: 'sip_signup' }, false)).toEqual({ toast: SIP_LOGIN_TOAST });
    expect(SIP_LOGIN_TOAST).toEqual({ title: 'Please log in', description: 'You need to be logged in to set up automated investing.' });
  });
});
