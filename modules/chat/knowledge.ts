/**
 * The assistant's knowledge: the FAQ (built from the platform's own constants) and the learn articles
 * (site/content/learn/*.md, split into passages by their `## ` headings), indexed with MiniSearch.
 * Answers are composed from the best passage and written in the asker's currency.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import MiniSearch, { type SearchResult } from 'minisearch';
import {
  CURRENCY_CODES,
  type CurrencyCode,
  EARLY_EXIT_YEARS,
  PRODUCT_NAME,
  RETURNS,
  SUPPORT_EMAIL,
} from '../platform/contract';
import { formatFilsIn, parseFils, rateText } from '../platform/money';
import { defaultSettings, feeScheduleOf, pct, publicSettingsOf, type FeeLine, type PublicSettingsJson } from '../settings/contract';

export const DEFAULT_LEARN_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../site/content/learn');

// ---------------------------------------------------------------------------------------------
// Text helpers

/** An AED amount in fils, shown in `currency` (two decimals, the currency's own locale). */
export const money = (fils: bigint, currency: CurrencyCode) => formatFilsIn(fils, currency);

const AED_AMOUNT = /\bAED\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?(?!\d)/g;

/** Rewrites every "AED 1,234.50" in a text into `currency` (unchanged for AED). */
export function convertAedAmounts(text: string, currency: CurrencyCode): string {
  if (currency === 'AED') return text;
  return text.replace(AED_AMOUNT, (match) => {
    const fils = parseFils(match);
    return fils === null ? match : money(fils, currency);
  });
}

/**
 * Markdown → plain text: links to their words, emphasis dropped, list markers removed, a bold lead-in
 * ("**Example.** Text") joined to its sentence, table rows to one line each (or dropped with `tables: false`).
 */
export function markdownToPlain(markdown: string, { tables = true } = {}): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (/^\|?\s*:?-{3,}/.test(line)) continue; // table separator
    if (line.startsWith('|')) {
      const next = lines[i + 1]?.trim() ?? '';
      if (/^\|?\s*:?-{3,}/.test(next)) continue; // table header row
      const cells = line.replace(/^\||\|$/g, '').split('|').map((c) => c.trim()).filter(Boolean);
      if (tables && cells.length) out.push(`${cells[0]}: ${cells.slice(1).join(', ')}.`);
      continue;
    }
    out.push(
      line
        .replace(/^#{1,6}\s+/, '')
        .replace(/^(?:[-*+]|\d+\.)\s+/, '')
        .replace(/^\*\*([^*]{1,60}?)[.:]\*\*\s+/, '$1: '),
    );
  }
  return out
    .join('\n')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^*\w])[*_]([^*_\n]+)[*_](?=[^*\w]|$)/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\.\.+$/gm, '.')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Splits plain text into sentences, each with the line (paragraph or list item) it belongs to. */
export function sentences(text: string): { text: string; line: number }[] {
  return text
    .split(/\n+/)
    .flatMap((line, i) => line.split(/(?<=[.!?])\s+(?=["'(A-Z0-9])/).map((s) => ({ text: s.trim(), line: i })))
    .filter((s) => s.text);
}

// ---------------------------------------------------------------------------------------------
// Terms: the same processing for the index and the query

const STOP_WORDS = new Set(
  (
    'a about above after again all am an and any are as at be because been before being below between both but by can ' +
    'could did do does doing done for from further get got had has have having he her here hers him his how i if in into ' +
    'is it its itself just let me more most my myself no nor not of off on once only or other our ours out over own ' +
    'please same she should so some such tell than that the their theirs them then there these they this those through ' +
    'to too under until up very want was we were what when where which while who whom why will with would you your ' +
    'yours yourself hi hello hey thanks thank ok okay know like really much many also us manzil ai happen mean need ' +
    'work use way thing explain give take go make possible'
  ).split(' '),
);

/** Irregular and -ing forms worth folding for this subject. */
const LEMMAS: Record<string, string> = {
  sold: 'sell', selling: 'sell', bought: 'buy', buying: 'buy', paid: 'pay', paying: 'pay', earning: 'earn',
  earned: 'earn', voting: 'vote', voted: 'vote', withdrawal: 'withdraw', withdrawing: 'withdraw', investing: 'invest',
  // Living elsewhere: "from outside the UAE", "overseas", "non-resident" all ask what the guide to investing from abroad answers.
  outside: 'abroad', overseas: 'abroad', foreign: 'abroad', foreigner: 'abroad', nri: 'abroad',
};

/** Lower-case, drop stop words, and fold simple plurals ("fees" → "fee", "properties" → "property"). */
export function processTerm(term: string): string | null {
  let t = term.toLowerCase().replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
  if (t.length < 2 || STOP_WORDS.has(t)) return null;
  if (LEMMAS[t]) return LEMMAS[t];
  if (t.length > 4 && t.endsWith('ies')) t = `${t.slice(0, -3)}y`;
  else if (t.length > 3 && t.endsWith('s') && !/(ss|us|is)$/.test(t)) t = t.slice(0, -1);
  return STOP_WORDS.has(t) ? null : t;
}

/** The significant terms of a query, as the index sees them. */
export function queryTerms(query: string): string[] {
  const terms = MiniSearch.getDefault('tokenize')(query) as string[];
  return [...new Set(terms.map(processTerm).filter((t): t is string => !!t))];
}

// ---------------------------------------------------------------------------------------------
// Learn articles

export type LearnPassage = { heading: string; markdown: string };
export type LearnArticle = { slug: string; title: string; description: string; passages: LearnPassage[] };

/** Reads `key: value` lines of a `---` front-matter block (values may be quoted). */
export function parseFrontMatter(source: string): { data: Record<string, string>; body: string } {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(text);
  if (!match) return { data: {}, body: text };
  const data: Record<string, string> = {};
  for (const line of match[1].split('\n')) {
    const kv = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(line);
    if (!kv) continue;
    let value = kv[2].trim();
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) value = value.slice(1, -1);
    data[kv[1]] = value;
  }
  return { data, body: text.slice(match[0].length) };
}

/** One article: its intro (before the first `## `) and one passage per `## ` section. */
export function parseLearnArticle(slug: string, source: string): LearnArticle {
  const { data, body } = parseFrontMatter(source);
  const title = data.title || slug.replaceAll('-', ' ');
  const passages: LearnPassage[] = [];
  const parts = body.split(/^## +/m);
  const intro = parts.shift()?.replace(/^# .*$/m, '').trim();
  if (intro) passages.push({ heading: title, markdown: intro });
  for (const part of parts) {
    const newline = part.indexOf('\n');
    const heading = (newline === -1 ? part : part.slice(0, newline)).trim();
    const markdown = newline === -1 ? '' : part.slice(newline + 1).trim();
    if (markdown) passages.push({ heading, markdown });
  }
  return { slug, title, description: data.description ?? '', passages };
}

/** Every `*.md` in the folder; a missing or empty folder is simply no articles, an unreadable file is skipped. */
export function loadLearnArticles(dir = DEFAULT_LEARN_DIR, log: Pick<Console, 'error'> = console): LearnArticle[] {
  if (!existsSync(dir)) return [];
  const articles: LearnArticle[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.md') && !f.startsWith('_')).sort()) {
    try {
      articles.push(parseLearnArticle(file.slice(0, -3), readFileSync(path.join(dir, file), 'utf8')));
    } catch (err) {
      log.error(`[chat] skipped learn article ${file}:`, err);
    }
  }
  return articles;
}

// ---------------------------------------------------------------------------------------------
// The FAQ, built from the platform's constants

/** An FAQ entry; its answer is written at answer time from the settings in force (`terms`), never from copies. */
export type FaqEntry = { id: string; question: string; keywords: string; answer: (currency: CurrencyCode, terms: PublicSettingsJson) => string };

/** The settings' defaults (the spec's figures): what the index is built from, and what answers use when no terms are given. */
export const defaultTerms = (): PublicSettingsJson => publicSettingsOf(defaultSettings(new Date().toISOString().slice(0, 10)));

const fee = (t: PublicSettingsJson, key: FeeLine['key']) => feeScheduleOf(t).find((f) => f.key === key)!;
const feeLine = (t: PublicSettingsJson, key: FeeLine['key']) => {
  const f = fee(t, key);
  return `${f.name}: ${f.rate}. ${f.detail}`;
};

export function faqEntries(): FaqEntry[] {
  const min = (c: CurrencyCode, t: PublicSettingsJson) => money(BigInt(t.minInvestment), c);
  const rates = (t: PublicSettingsJson) =>
    CURRENCY_CODES.filter((c) => c !== 'USD')
      .map((c) => `${rateText(BigInt(t.rates[c]))} ${c}`)
      .join(', ') + (t.ratesAsOf ? ` (rates as of ${t.ratesAsOf})` : '');
  return [
    {
      id: 'faq:fees',
      question: 'What are the fees? What does Manzil charge and how much does it cost?',
      keywords: 'fees all charges costs pricing commission price expensive pay overview list',
      answer: (_c, t) =>
        `${PRODUCT_NAME} has five charges:\n${feeScheduleOf(t).map((f) => `• ${f.name}: ${f.rate}`).join('\n')}\n` +
        'There is no fee to open an account, verify your identity or set up a SIP, and every charge is shown before you confirm.',
    },
    {
      id: 'faq:platform-fee',
      question: 'What is the platform fee?',
      keywords: 'platform annual yearly management holdings custody',
      answer: (_c, t) => `${feeLine(t, 'platform')} It accrues through the year, so if you hold shares for part of a year you pay only for that part.`,
    },
    {
      id: 'faq:performance-fee',
      question: 'What is the performance fee?',
      keywords: 'performance profit gain exit carry success',
      answer: (_c, t) => `${feeLine(t, 'performance')} It is charged on the profit only, never on the whole amount.`,
    },
    {
      id: 'faq:transaction-charges',
      question: 'What are the transaction charges?',
      keywords: 'transaction payment method card bank transfer deposit top up fund wallet add money',
      answer: (_c, t) => `${feeLine(t, 'transaction')} Comparing methods on the payment screen is the easiest way to keep this cost low.`,
    },
    {
      id: 'faq:early-exit',
      question: 'Is there an early exit fee?',
      keywords: `early exit sell before ${EARLY_EXIT_YEARS} years penalty lock-in lock period`,
      answer: (_c, t) =>
        `${feeLine(t, 'early-exit')} After ${EARLY_EXIT_YEARS} years it no longer applies, and it never applies when a property is sold at the end of its holding period.`,
    },
    {
      id: 'faq:liquidity-pool',
      question: 'What is the liquidity pool discount?',
      keywords: 'liquidity pool discount quick fast sale instant exit',
      answer: (_c, t) => `${feeLine(t, 'liquidity-pool')} You trade a small part of the value for speed and certainty.`,
    },
    {
      id: 'faq:exit',
      question: 'How do I sell my shares or withdraw my investment?',
      keywords: 'sell selling exit withdraw cash out liquidity exchange get money back liquidate',
      answer: (_c, t) =>
        `You can list your shares on the exchange for another investor to buy, or sell them to the liquidity pool for a faster exit at a ${pct(t.poolDiscountBps)} discount to their latest valuation. ` +
        `A ${pct(t.earlyExitFeeBps)} early exit fee applies if you sell within ${EARLY_EXIT_YEARS} years of buying. Otherwise you hold until the property is sold at the end of its holding period and receive your share of the proceeds.`,
    },
    {
      id: 'faq:returns',
      question: 'What returns can I expect? How much can I earn?',
      keywords: 'returns return earn earnings profit yield interest income performance percent roi',
      answer: () =>
        `Our stated target is a total return of ${RETURNS.total} a year: rental yield of ${RETURNS.rentalYield} plus capital appreciation of ${RETURNS.appreciation}. ` +
        'That is a target, not a guarantee — rents and property values can fall, and you could get back less than you invest.',
    },
    {
      id: 'faq:rental-income',
      question: 'How do I receive rental income?',
      keywords: 'rent rental income dividends distribution payout paid wallet tenant',
      answer: () =>
        `Each property's net rent — what is left after service charges, maintenance, insurance and management — is shared among its owners in proportion to their shares and paid to your wallet on the schedule stated for that property. Target rental yields are ${RETURNS.rentalYield} a year.`,
    },
    {
      id: 'faq:minimum',
      question: 'What is the minimum investment amount?',
      keywords: 'minimum min least smallest amount invest start small budget',
      answer: (c, t) =>
        `The minimum is ${min(c, t)} for a one-off investment in a property, and ${money(BigInt(t.sipMinimum), c)} for each monthly SIP payment.` +
        (c === 'AED' ? '' : ` Properties are priced in AED (${money(BigInt(t.minInvestment), 'AED')}); ${min(c, t)} is the converted amount for reference.`),
    },
    {
      id: 'faq:sip',
      question: 'What is a SIP? Systematic investment plan, automated monthly investing',
      keywords: 'sip systematic investment plan monthly automatic automated recurring regular',
      answer: (c, t) =>
        `A SIP (systematic investment plan) invests a fixed amount for you every month, from ${money(BigInt(t.sipMinimum), c)}. Each month's amount buys fractional shares in properties open for investment, so your portfolio and your rental income build steadily without a lump sum. ` +
        'You can change the amount, move the date, pause or stop the plan from the SIP setup page.',
    },
    {
      id: 'faq:mode',
      question: 'What is the difference between automated and manual investing mode?',
      keywords: 'automated manual mode switch choose pick properties myself difference',
      answer: (c, t) =>
        'In automated mode (the default) your monthly amount is spread for you across properties open for investment. ' +
        `In manual mode your money waits in your wallet and you choose each property and amount yourself, from ${min(c, t)} per investment. You can switch modes at any time, free of charge.`,
    },
    {
      id: 'faq:fractional',
      question: 'How does fractional ownership work?',
      keywords: 'fractional ownership share shares own spv company title deed co-ownership',
      answer: (c, t) =>
        'Each property is owned by its own company (an SPV) registered on the title deed, and that company is divided into shares. ' +
        `Buying shares, from ${min(c, t)}, entitles you to the same percentage of the net rent and of the sale proceeds when the property is sold.`,
    },
    {
      id: 'faq:kyc',
      question: 'Why do I need to verify my identity (KYC)? How long does verification take?',
      keywords: 'kyc verify verification identity id passport emirates documents aml know your customer',
      answer: () =>
        'Identity verification (KYC) is required before you can invest, to keep the platform safe from fraud and money laundering. ' +
        'It takes about 5-10 minutes: personal details, an identity document, your address and some financial information, then a final review.',
    },
    {
      id: 'faq:currencies',
      question: 'Which currencies can I use? Exchange rates',
      keywords: 'currency currencies usd dollar inr rupee eur euro gbp pound dirham aed exchange rate convert',
      answer: (_c, t) =>
        `Properties are priced in AED, and you can view prices in USD, AED, INR, EUR or GBP using the currency menu at the top of the page. Conversions use 1 USD = ${rates(t)}.`,
    },
    {
      id: 'faq:properties',
      question: 'What kind of properties can I invest in?',
      keywords: 'properties property homes apartments villas dubai abu dhabi location listing luxury',
      answer: () =>
        'We list income-producing luxury homes in Dubai and Abu Dhabi. Each property page shows its price, rent, running costs, the SPV that owns it and the documents behind the offer, so you can read them before you invest. Browse them at /properties.',
    },
    {
      id: 'faq:risk',
      question: 'Is my investment safe? What are the risks?',
      keywords: 'safe safety secure risk risks risky lose loss guarantee protected regulated trust',
      answer: () =>
        "Each property sits in its own company (SPV), so its income and debts are kept apart from other properties and from Manzil's own business, and every investor is identity-verified. " +
        'Property is still an investment: values and rents can fall, returns are not guaranteed and selling shares can take time, so invest only money you can leave invested for several years.',
    },
    {
      id: 'faq:cancel',
      question: 'Can I cancel an investment?',
      keywords: 'cancel cancellation refund change mind undo 48 hours',
      answer: () => 'Yes. If you change your mind, you can cancel an investment within 48 hours of making it and get your money back in full.',
    },
    {
      id: 'faq:support',
      question: 'How do I contact support?',
      keywords: 'contact support help email human agent team phone complaint',
      answer: () => `Our team is at ${SUPPORT_EMAIL}, or use the form at /contact — we reply within one business day.`,
    },
    {
      id: 'faq:about',
      question: 'What is Manzil and how does it work?',
      keywords: 'manzil platform company about who how work works',
      answer: (c, t) =>
        `${PRODUCT_NAME} lets you buy fractional shares of luxury UAE properties from ${min(c, t)}, by hand or through a monthly SIP. You receive your part of the rent and of any gain when a property is sold.`,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Index and answers

type Doc = { id: string; title: string; keywords: string; text: string };
type Source =
  | { kind: 'faq'; entry: FaqEntry }
  | { kind: 'article'; article: LearnArticle; heading: string; prose: string };

export type ChatKnowledge = {
  /** The answer for a question, in `currency`; '' when nothing is relevant enough. */
  /** `terms`: the settings in force (fees, minimums, rates) the FAQ answers are written with. */
  answer: (question: string, currency: CurrencyCode, terms?: PublicSettingsJson) => string;
  /** The ranked matches, for tests and diagnostics. */
  search: (question: string) => { id: string; score: number; coverage: number }[];
  size: number;
};

/** A match must cover this share of the question's significant terms exactly or by prefix… */
export const MIN_COVERAGE = 0.5;
/** …and score at least this much. */
export const MIN_SCORE = 4;
const MAX_ANSWER_CHARS = 480;

/**
 * The share of the question's terms the result matched exactly or as a prefix (fuzzy-only hits do not
 * count), each term weighted by how rare it is in the knowledge, so "voting rights" is about voting.
 */
function coverage(result: SearchResult, terms: string[], weight: Map<string, number>): number {
  const total = terms.reduce((sum, t) => sum + weight.get(t)!, 0);
  if (!total) return 0;
  const hit = terms.filter((q) => result.terms.some((m) => m === q || m.startsWith(q)));
  return hit.reduce((sum, t) => sum + weight.get(t)!, 0) / total;
}

/** The few sentences of a passage that best answer the question. */
function excerpt(plain: string, terms: string[]): string {
  const all = sentences(plain);
  if (!all.length) return '';
  const hits = all.map((s) => {
    const words = queryTerms(s.text);
    return terms.filter((t) => words.some((w) => w.startsWith(t))).length;
  });
  const best = hits.indexOf(Math.max(...hits));
  let start = best;
  let end = best; // inclusive
  const length = () => all.slice(start, end + 1).reduce((n, s) => n + s.text.length + 1, 0);
  const fits = (i: number) => length() + all[i].text.length <= MAX_ANSWER_CHARS;
  // "This is called cost averaging." needs the sentence it refers back to.
  if (start > 0 && all[start - 1].line === all[best].line && /^(This|That|These|Those|It|Its|They|So|But)\b/.test(all[best].text)) start -= 1;
  // Read on within the same paragraph, up to three sentences.
  while (end + 1 < all.length && end - start < 2 && all[end + 1].line === all[best].line && fits(end + 1)) end += 1;
  // A lone sentence takes its neighbour for context: the one before in its paragraph, else a full next paragraph.
  if (start === end && start > 0 && all[start - 1].line === all[best].line && fits(start - 1)) start -= 1;
  if (start === end && end + 1 < all.length && all[end + 1].text.length >= 60 && fits(end + 1)) end += 1;
  const out = all.slice(start, end + 1).map((s) => s.text);
  // Never end on a lead-in ("Here is an example:").
  while (out.length > 1 && /:$/.test(out[out.length - 1])) out.pop();
  return out.join(' ');
}

export function buildKnowledge({ articles = loadLearnArticles() }: { articles?: LearnArticle[] } = {}): ChatKnowledge {
  const sources = new Map<string, Source>();
  const docs: Doc[] = [];
  // The index is built from the defaults; each answer is written with the settings in force when it is asked.
  const builtWith = defaultTerms();
  for (const entry of faqEntries()) {
    sources.set(entry.id, { kind: 'faq', entry });
    docs.push({ id: entry.id, title: entry.question, keywords: entry.keywords, text: entry.answer('AED', builtWith) });
  }
  for (const article of articles) {
    article.passages.forEach((p, i) => {
      const id = `learn:${article.slug}#${i}`;
      const plain = markdownToPlain(p.markdown);
      sources.set(id, { kind: 'article', article, heading: p.heading, prose: markdownToPlain(p.markdown, { tables: false }) });
      const title = p.heading === article.title ? article.title : `${p.heading} — ${article.title}`;
      docs.push({ id, title, keywords: i === 0 ? article.description : '', text: plain });
    });
  }

  const index = new MiniSearch<Doc>({
    fields: ['title', 'keywords', 'text'],
    storeFields: ['id'],
    // The FAQ is written to answer questions directly; prefer it over an article passage on the same terms.
    processTerm,
    searchOptions: {
      boost: { title: 3, keywords: 2, text: 1 },
      fuzzy: 0.2,
      prefix: true,
      boostDocument: (id: string) => (id.startsWith('faq:') ? 1.5 : 1),
    },
  });
  index.addAll(docs);

  /** Inverse document frequency of a term (exact or prefix matches). */
  const idf = (term: string) => {
    const df = index.search(term, { prefix: true, fuzzy: false }).length;
    return Math.log(1 + docs.length / (1 + df));
  };

  function ranked(question: string) {
    const terms = queryTerms(question);
    if (!terms.length) return { terms, results: [] as (SearchResult & { coverage: number })[] };
    const weight = new Map(terms.map((t) => [t, idf(t)]));
    const results = index.search(question).map((r) => ({ ...r, coverage: coverage(r, terms, weight) }));
    return { terms, results };
  }

  function answer(question: string, currency: CurrencyCode, inForce: PublicSettingsJson = builtWith): string {
    const { terms, results } = ranked(question);
    const relevant = results.filter((r) => r.coverage >= MIN_COVERAGE && r.score >= MIN_SCORE);
    const best = relevant[0];
    if (!best) return '';
    const source = sources.get(best.id)!;
    if (source.kind === 'faq') {
      const text = source.entry.answer(currency, inForce);
      // A strong article passage on the same question earns a pointer to the full guide.
      const article = relevant.slice(1, 4).find((r) => r.id.startsWith('learn:') && r.score >= best.score * 0.5);
      const more = article ? (sources.get(article.id) as Extract<Source, { kind: 'article' }>).article.slug : null;
      return more ? `${text}\n\nRead more: /learn/${more}` : text;
    }
    const text = convertAedAmounts(excerpt(source.prose, terms), currency);
    return `${text}\n\nRead more: /learn/${source.article.slug}`;
  }

  return {
    answer,
    search: (question) => ranked(question).results.map((r) => ({ id: r.id, score: r.score, coverage: r.coverage })),
    size: docs.length,
  };
}
