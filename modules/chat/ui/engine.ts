/**
 * The chat's canned-answer engine (spec §4 "Chat"): a welcome message, matching by exact lower-cased text,
 * then substring either way, then keyword rules; each answer has a topic, and each topic its own chips.
 * Pure and browser-safe; amounts are written in the visitor's currency.
 */
import {
  type CurrencyCode,
  convertMinor,
  EARLY_EXIT_YEARS,
  FEES,
  formatMoney,
  MIN_INVESTMENT_FILS,
  RETURNS,
} from '@modules/platform/contract';
import {
  ACTION_HREF,
  ASSISTANT_NAME,
  type ChatAction,
  type ChatMessage,
  MEMBER_ACTIONS,
  SIP_LOGIN_TOAST,
  VISITOR_ACTIONS,
} from '../contract';

export const CHAT_TOPICS = [
  'sip-overview',
  'benefits',
  'start',
  'returns',
  'fractional-ownership',
  'minimum-investment',
  'get-started',
  'fees',
  'safety',
  'comparison',
  'liquidation',
  'default',
] as const;
export type ChatTopic = (typeof CHAT_TOPICS)[number];
type AnswerTopic = Exclude<ChatTopic, 'default'>;

export type EngineContext = { currency: CurrencyCode; signedIn: boolean };
export type CannedReply = { topic: AnswerTopic; content: string; actions?: ChatAction[] };

/** The questions the chips ask; each is also an exact-match key of its topic. */
export const Q = {
  sip: 'What is SIP?',
  benefits: 'What are the benefits of SIP?',
  start: 'How do I start a SIP?',
  returns: 'What returns can I expect?',
  fractional: 'How does fractional ownership work?',
  minimum: "What's the minimum investment?",
  getStarted: 'How do I get started?',
  fees: 'What are the fees?',
  safety: 'Is my investment safe?',
  comparison: 'SIP or manual investing?',
  sell: 'How do I sell my shares?',
} as const;

export const WELCOME_TEXT = `Hi, I'm ${ASSISTANT_NAME}. I can explain how fractional property ownership and our SIP (automated monthly investing) work, what it costs and how to get started. What would you like to know?`;

/** §4: each topic has its own chip set; 'default' is the welcome set. */
export const TOPIC_CHIPS: Record<ChatTopic, string[]> = {
  default: [Q.sip, Q.fractional, Q.minimum, Q.fees],
  'sip-overview': [Q.benefits, Q.start, Q.returns, Q.comparison],
  benefits: [Q.start, Q.returns, Q.fees, Q.comparison],
  start: [Q.minimum, Q.fees, Q.safety, Q.sell],
  returns: [Q.fees, Q.safety, Q.sell, Q.sip],
  'fractional-ownership': [Q.minimum, Q.returns, Q.safety, Q.getStarted],
  'minimum-investment': [Q.start, Q.fractional, Q.fees, Q.getStarted],
  'get-started': [Q.sip, Q.minimum, Q.fees, Q.safety],
  fees: [Q.sell, Q.returns, Q.safety, Q.comparison],
  safety: [Q.sell, Q.returns, Q.fractional, Q.fees],
  comparison: [Q.start, Q.benefits, Q.minimum, Q.fees],
  liquidation: [Q.fees, Q.safety, Q.returns, Q.getStarted],
};

export const chipsFor = (topic: ChatTopic) => TOPIC_CHIPS[topic];

const minimum = (c: CurrencyCode) => formatMoney(convertMinor(MIN_INVESTMENT_FILS, 'AED', c), c);
const fee = (key: (typeof FEES)[number]['key']) => FEES.find((f) => f.key === key)!;

type Canned = { questions: string[]; actions: boolean; answer: (ctx: EngineContext) => string };

/** The canned answers, by topic. The first question is the chip; the others are exact/substring keys too. */
export const CANNED: Record<AnswerTopic, Canned> = {
  'sip-overview': {
    questions: [Q.sip, 'What is a SIP?', 'What is SIP investing?', 'Tell me about SIP', 'Explain SIP', 'What is a systematic investment plan?'],
    actions: true,
    answer: ({ currency }) =>
      `A SIP (systematic investment plan) invests a fixed amount for you every month, from ${minimum(currency)}. Each month's amount buys fractional shares in UAE properties open for investment, and your share of their rent is paid to your wallet.\n\n` +
      'You can change the amount, pause or stop the plan at any time from SIP setup — stopping never sells what you already own.',
  },
  benefits: {
    questions: [Q.benefits, 'Benefits of SIP', 'Why SIP?', 'Why should I use a SIP?', 'Why invest monthly?'],
    actions: true,
    answer: ({ currency }) =>
      'A SIP turns property investing into a steady habit:\n' +
      `• Start small: from ${minimum(currency)} a month, instead of a deposit on a whole unit.\n` +
      "• Time in the market: each month's money starts earning rent straight away.\n" +
      '• Spread out: a year of monthly investments can cover several properties.\n' +
      '• Cost averaging: the same amount buys more shares when prices are lower.\n' +
      'The plan itself costs nothing extra.',
  },
  start: {
    questions: [Q.start, 'How to start a SIP', 'How do I set up a SIP?', 'Set up a SIP', 'Start a SIP'],
    actions: true,
    answer: ({ currency }) =>
      'Setting up a SIP takes a few minutes:\n' +
      '1. Create your account and verify your identity (about 5-10 minutes).\n' +
      `2. Choose your monthly amount, from ${minimum(currency)}.\n` +
      '3. Pick a date and a way to fund your wallet.\n' +
      "4. Choose automated mode, or manual if you'd rather pick properties yourself.\n" +
      "Each month the amount is invested for you, and your dashboard shows what you own and the rent you've received.",
  },
  returns: {
    questions: [Q.returns, 'What returns can I get?', 'How much can I earn?', 'Expected returns', 'What is the return?'],
    actions: false,
    answer: () =>
      `Our stated target is a total return of ${RETURNS.total} a year: rental yield of ${RETURNS.rentalYield} plus capital appreciation of ${RETURNS.appreciation}. ` +
      "Rent is paid to your wallet as it is distributed; appreciation is realised when you sell or the property is sold.\n\n" +
      'These are targets, not guarantees: rents and values can fall, and you could get back less than you invest.',
  },
  'fractional-ownership': {
    questions: [Q.fractional, 'What is fractional ownership?', 'Fractional ownership', 'How does it work?'],
    actions: false,
    answer: ({ currency }) =>
      'Each property is owned by its own company (an SPV) registered on the title deed, and that company is divided into shares. ' +
      `Buy shares from ${minimum(currency)} and you're entitled to the same percentage of the net rent, and of the proceeds when the property is sold.\n\n` +
      "A professional manager looks after tenants and maintenance, so you don't have to.",
  },
  'minimum-investment': {
    questions: [Q.minimum, 'What is the minimum investment?', 'Minimum investment', 'Minimum amount', 'How much do I need to start?', 'How much do I need to invest?'],
    actions: false,
    answer: ({ currency }) =>
      `You can start with ${minimum(currency)} — the same minimum for a single investment in a property and for each monthly SIP payment.` +
      (currency === 'AED' ? '' : ` Properties are priced in AED, so that is AED 200.00 converted for you.`),
  },
  'get-started': {
    questions: [Q.getStarted, 'Get started', 'How do I start investing?', 'How do I invest?', 'How can I invest?', 'Sign up'],
    actions: true,
    answer: ({ currency }) =>
      'Getting started is simple:\n' +
      '1. Sign up with your email — it takes a minute.\n' +
      '2. Verify your identity (KYC), about 5-10 minutes.\n' +
      '3. Add money to your wallet.\n' +
      `4. Invest from ${minimum(currency)}: pick properties yourself, or set up a monthly SIP and let it run.`,
  },
  fees: {
    questions: [Q.fees, 'What fees do you charge?', 'How much does it cost?', 'Fees', 'Charges'],
    actions: false,
    answer: () =>
      'Our fees, all shown before you confirm anything:\n' +
      `• ${fee('platform').rate} platform fee\n` +
      `• ${fee('performance').rate} performance fee\n` +
      `• Transaction charges of ${fee('transaction').rate}, depending on your payment method\n` +
      `• ${fee('early-exit').rate} early exit fee if you sell within ${EARLY_EXIT_YEARS} years\n` +
      `• ${fee('liquidity-pool').rate} discount when you sell through the liquidity pool\n` +
      'Opening an account, verifying your identity and setting up a SIP are free.',
  },
  safety: {
    questions: [Q.safety, 'Is it safe?', 'Is Manzil safe?', 'What are the risks?', 'Risks'],
    actions: false,
    answer: () =>
      "Each property sits in its own company (SPV) named on the title deed, so its income and debts are kept apart from every other property and from Manzil's own business, and every investor is identity-verified.\n\n" +
      "Property is still an investment, not a savings account: values and rents can fall, returns aren't guaranteed and selling can take time. Invest only money you can leave invested for several years.",
  },
  comparison: {
    questions: [Q.comparison, 'SIP vs manual investing', 'SIP vs manual', 'Automated vs manual', 'What is the difference between SIP and manual investing?'],
    actions: true,
    answer: ({ currency }) =>
      `Both start from ${minimum(currency)}. With a SIP (automated mode, the default) a fixed amount is invested for you every month across properties open for investment: steady, hands-off and spread out. ` +
      'With manual investing your money waits in your wallet and you choose each property and amount yourself.\n\n' +
      'Many investors use both, and you can switch modes at any time, free of charge.',
  },
  liquidation: {
    questions: [Q.sell, 'How do I sell?', 'Can I sell my shares?', 'How do I exit?', 'Can I withdraw my money?', 'Liquidity'],
    actions: false,
    answer: () =>
      'You have three ways out:\n' +
      '• List your shares on the exchange for another investor to buy.\n' +
      `• Sell to the liquidity pool for a faster exit, at a ${fee('liquidity-pool').rate} discount to the latest valuation.\n` +
      "• Hold until the property is sold at the end of its holding period, and receive your share of the proceeds.\n" +
      `Selling within ${EARLY_EXIT_YEARS} years of buying carries a ${fee('early-exit').rate} early exit fee.`,
  },
};

/** Lower-cased, trimmed, single-spaced, straight apostrophes, no trailing punctuation. */
export function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s?!.]+$/, '');
}

const KEYS: { key: string; topic: AnswerTopic }[] = Object.entries(CANNED).flatMap(([topic, c]) =>
  c.questions.map((q) => ({ key: normalize(q), topic: topic as AnswerTopic })),
);
const EXACT = new Map(KEYS.map((k) => [k.key, k.topic]));

/** Words that say nothing on their own: a message made only of these never matches a longer key. */
const FILLER = new Set('a an and are can do does how i is it me my of on or the to what when where which who why you your'.split(' '));
const hasWord = (haystack: string, needle: string) => ` ${haystack} `.includes(` ${needle} `);

/** Keyword rules in the spec's order (§4). */
const KEYWORD_RULES: { keyword: string; test: RegExp; topic: (text: string) => AnswerTopic }[] = [
  {
    keyword: 'sip',
    test: /\bsips?\b/,
    topic: (t) =>
      /\b(start|begin|set ?up|open)/.test(t) ? 'start'
      : /\b(benefit|advantage|why)/.test(t) ? 'benefits'
      : /\b(manual|vs|versus|compare|comparison|difference)\b/.test(t) ? 'comparison'
      : 'sip-overview',
  },
  { keyword: 'automated', test: /\bautomat/, topic: (t) => (/\bmanual/.test(t) ? 'comparison' : 'sip-overview') },
  { keyword: 'fractional', test: /\bfraction/, topic: () => 'fractional-ownership' },
  { keyword: 'minimum', test: /\bminimum|\bmin\b/, topic: () => 'minimum-investment' },
  { keyword: 'start', test: /\bstart/, topic: () => 'get-started' },
  { keyword: 'fee', test: /\bfees?\b/, topic: () => 'fees' },
  { keyword: 'sell', test: /\bsell|\bsold\b/, topic: () => 'liquidation' },
  { keyword: 'safe', test: /\bsafe/, topic: () => 'safety' },
  { keyword: 'manual', test: /\bmanual/, topic: () => 'comparison' },
];

export type MatchKind = 'exact' | 'substring' | 'keyword';

/** Which canned topic answers a message, and how it was matched; null when none does (ask the server). */
export function matchTopic(message: string): { topic: AnswerTopic; by: MatchKind; keyword?: string } | null {
  const text = normalize(message);
  if (!text) return null;
  const exact = EXACT.get(text);
  if (exact) return { topic: exact, by: 'exact' };

  const meaningful = text.split(' ').some((w) => !FILLER.has(w.replace(/[^a-z0-9']/g, '')));
  const substring = KEYS.filter(({ key }) => hasWord(text, key) || (meaningful && text.length >= 4 && hasWord(key, text))).sort(
    (a, b) => b.key.length - a.key.length,
  )[0];
  if (substring) return { topic: substring.topic, by: 'substring' };

  for (const rule of KEYWORD_RULES) if (rule.test.test(text)) return { topic: rule.topic(text), by: 'keyword', keyword: rule.keyword };
  return null;
}

/** §6: the action buttons for SIP-related answers, by who is asking. */
export const actionsFor = (signedIn: boolean): ChatAction[] => (signedIn ? MEMBER_ACTIONS : VISITOR_ACTIONS);

/** The canned reply for a message, or null when the server should be asked. */
export function cannedReply(message: string, ctx: EngineContext): CannedReply | null {
  const match = matchTopic(message);
  if (!match) return null;
  const canned = CANNED[match.topic];
  return { topic: match.topic, content: canned.answer(ctx), ...(canned.actions ? { actions: actionsFor(ctx.signedIn) } : {}) };
}

/** What choosing an action does (§6): go somewhere, or — SIP signup while signed out — explain why not. */
export function resolveAction(
  action: Pick<ChatAction, 'type'>,
  signedIn: boolean,
): { href: string } | { toast: { title: string; description: string } } {
  if (action.type === 'sip_signup' && !signedIn) return { toast: { ...SIP_LOGIN_TOAST } };
  return { href: ACTION_HREF[action.type] };
}

let sequence = 0;
export function messageId(): string {
  sequence = (sequence + 1) % Number.MAX_SAFE_INTEGER;
  return `${Date.now().toString(36)}-${sequence.toString(36)}`;
}

export function chatMessage(role: ChatMessage['role'], content: string, actions?: ChatAction[], now = new Date()): ChatMessage {
  return { id: messageId(), role, content, timestamp: now.toISOString(), ...(actions?.length ? { actions } : {}) };
}

/** §4: the conversation starts with one welcome message. */
export const welcomeMessage = (now = new Date()) => chatMessage('assistant', WELCOME_TEXT, undefined, now);
