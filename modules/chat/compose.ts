/**
 * What the assistant answers: the intent layer decides whether a question is about the asker's own figures
 * (answered from their data when signed in, a sign-in prompt otherwise); everything else is retrieval over the
 * FAQ and learn articles (knowledge.ts) plus the operator's live settings. The phraser then words the result.
 */
import type { Db } from '@db/client';
import { getRetailAnnualLimitFils } from '../settings';
import { formatFilsIn, type CurrencyCode } from '../platform/money';
import { CHAT_EMPTY_ANSWER } from './contract';
import { type AnswerLink, personalFacts, type Retrieved, SCREENS, signInPrompt } from './facts';
import { detectIntent } from './intents';
import { publicSettings } from '../settings/public';
import type { ChatKnowledge } from './knowledge';
import type { Phraser } from './phraser';

const LINK_LABELS: Record<string, string> = {
  ...Object.fromEntries(Object.values(SCREENS).map((s) => [s.href, s.label])),
  '/contact': 'Contact us',
  '/learn': 'Guides',
};

/** The site paths a text mentions, as links (learn articles named by their slug). */
export function linksIn(text: string): AnswerLink[] {
  const seen = new Set<string>();
  const out: AnswerLink[] = [];
  for (const [href] of text.matchAll(/(?<![\w.])\/(?:learn|properties|contact|sip-setup|sip|portfolio|wallet|login|signup)(?:\/[a-z0-9-]+)*/g)) {
    if (seen.has(href)) continue;
    seen.add(href);
    const slug = href.startsWith('/learn/') ? href.slice(7) : null;
    out.push({ href, label: LINK_LABELS[href] ?? (slug ? `Guide: ${slug.replaceAll('-', ' ')}` : href.slice(1)) });
  }
  return out;
}

const RETAIL_LIMIT = /\b(retail|annual|yearly) (investment |investor )?limit\b|\blimit (on|for) (how much|retail|investing)\b|\bmaximum (i can )?invest/i;

async function retailLimitAnswer(db: Db, currency: CurrencyCode): Promise<Retrieved> {
  const limit = await getRetailAnnualLimitFils(db);
  const shown = formatFilsIn(limit, currency);
  const draft =
    `A retail investor may invest up to ${shown} in any 12 months${currency === 'AED' ? '' : ` (AED amounts are converted for reference)`}. ` +
    'Professional investors have no limit. Your checkout shows how much of your limit is left before you confirm.\n\nSee: /properties';
  return { kind: 'knowledge', draft, facts: [shown], links: [{ href: '/properties', label: 'Browse properties' }] };
}

export type Asker = { userId: string | null };

/** The retrieved answer for a question, before phrasing. */
export async function retrieve(db: Db, knowledge: ChatKnowledge, asker: Asker, question: string, currency: CurrencyCode, now = new Date()): Promise<Retrieved> {
  const intent = detectIntent(question);
  if (intent.kind === 'personal') {
    return asker.userId ? personalFacts(db, asker.userId, intent.intent, intent.period, now) : signInPrompt(intent.intent);
  }
  if (RETAIL_LIMIT.test(question)) return retailLimitAnswer(db, currency);
  // Fee, minimum and rate answers are written with the settings in force now, not the ones the index was built with.
  const text = knowledge.answer(question, currency, await publicSettings(db));
  if (!text) return { kind: 'none', draft: CHAT_EMPTY_ANSWER, facts: [], links: [] };
  return { kind: 'knowledge', draft: text, facts: [], links: linksIn(text) };
}

/** The assistant's answer text: retrieved, then phrased (the phraser falls back to the draft by itself). */
export async function composeAnswer(
  deps: { db: Db; knowledge: ChatKnowledge; phraser: Phraser },
  asker: Asker,
  question: string,
  currency: CurrencyCode,
  now = new Date(),
): Promise<{ text: string; retrieved: Retrieved }> {
  const retrieved = await retrieve(deps.db, deps.knowledge, asker, question, currency, now);
  const text = await deps.phraser.phrase({ question, retrieved });
  return { text, retrieved };
}
