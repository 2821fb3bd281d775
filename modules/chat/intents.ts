/**
 * The assistant's intent layer: whether a question asks about the asker's OWN figures (their earnings, wallet,
 * recent transactions, portfolio or SIP plans) and, for earnings, which period. Everything else goes to retrieval
 * over the FAQ and the learn articles. Pure and browser-safe.
 *
 * A question is personal when it names one of the asker's own things ("my wallet", "what did I earn", "my next
 * collection"). How-to questions in the first person ("how do I receive rental income?") stay general.
 */

export const PERSONAL_INTENTS = ['earnings', 'wallet', 'transactions', 'portfolio', 'sip'] as const;
export type PersonalIntent = (typeof PERSONAL_INTENTS)[number];
export const EARNING_PERIODS = ['last-month', 'this-month', 'this-year', 'recent'] as const;
export type EarningPeriod = (typeof EARNING_PERIODS)[number];

export type Intent = { kind: 'personal'; intent: PersonalIntent; period: EarningPeriod } | { kind: 'general' };

const normalize = (q: string) =>
  q
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^a-z0-9' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** First-person how-to questions ask about the product, not the asker's data. */
const HOW_TO = /^(how (do|can|would|should|will) i|can i|could i|should i|do i need|why do i|where do i|when do i|what happens (if|when|to)|is it possible|how (does|do|is|are) (the|a|an)|is there)\b/;

const OWN = /\b(my|mine|i|i've|ive|me)\b/;

const RULES: { intent: PersonalIntent; test: RegExp }[] = [
  {
    intent: 'earnings',
    test:
      /\b(what|how much)\b.*\b(did|have|has|i've|ive)\b.*\b(earn|earned|make|made|receive|received|get|got|paid)\b|\bmy (earnings|income|rental income|rent|distributions?|dividends?|payouts?|returns?)\b|\b(earn|earned|earnings|income|rent|distributions?|dividends?)\b.*\b(last|this|previous|past) (month|year)\b/,
  },
  { intent: 'sip', test: /\bmy (sips?|plans?|monthly plan|automated plan|next collection)\b|\bnext (sip )?(collection|instalment|installment|debit)\b|\bwhen is my (next )?(sip|collection|instalment|installment)\b/ },
  { intent: 'transactions', test: /\bmy (recent |last |latest )?(transactions|movements|deposits|withdrawals|activity|statement)\b|\b(recent|last|latest) (transactions|movements|deposits|withdrawals)\b/ },
  { intent: 'wallet', test: /\bmy (wallet|balance|cash|available balance)\b|\bwallet balance\b|\bhow much (money |cash )?(is |do i have |have i got )?(in|on) my (wallet|account)\b/ },
  {
    intent: 'portfolio',
    test: /\bmy (portfolio|holdings|investments)\b|\bwhat do i own\b|\b(what|which|how many) (properties|shares) do i (own|hold|have)\b|\bmy (shares|properties|stake) (worth|value)\b|\bhow much (is|are) my (shares|properties|stake|holdings|investments)\b|\bportfolio (worth|value)\b/,
  },
];

function periodOf(text: string): EarningPeriod {
  if (/\b(last|previous|past) month\b/.test(text)) return 'last-month';
  if (/\bthis month\b|\bso far this month\b/.test(text)) return 'this-month';
  if (/\bthis year\b|\byear to date\b|\bytd\b/.test(text)) return 'this-year';
  return 'recent';
}

/** The intent of a question: one of the asker's own figures, or general knowledge. */
export function detectIntent(question: string): Intent {
  const text = normalize(question);
  if (!text || HOW_TO.test(text) || !OWN.test(text)) return { kind: 'general' };
  for (const rule of RULES) if (rule.test.test(text)) return { kind: 'personal', intent: rule.intent, period: periodOf(text) };
  return { kind: 'general' };
}
