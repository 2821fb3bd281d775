/**
 * The Phraser seam: how a retrieved answer is worded. Offline (the default) the draft composed from the facts is
 * the answer. With OPENAI_API_KEY set, an OpenAI-compatible model rewrites the draft — from the same facts only —
 * and its text is kept only when every figure in it is one of the retrieved facts and every link one of the
 * retrieved links; otherwise (or when the call fails or is slow) the draft stands. Decision: docs/decisions/026-assistant.md.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, type LanguageModel } from 'ai';
import type { Retrieved } from './facts';

export type PhraseInput = { question: string; retrieved: Retrieved };
export type Phraser = { name: string; phrase: (input: PhraseInput) => Promise<string> };

/** The answer exactly as composed from the facts. */
export const offlinePhraser: Phraser = { name: 'offline', phrase: async ({ retrieved }) => retrieved.draft };

const SYSTEM = [
  'You are Manzil AI, the assistant of a fractional real-estate investment platform in the UAE.',
  'Rewrite the DRAFT answer so it reads naturally and answers the QUESTION. Use ONLY the information in the DRAFT.',
  'Never add, change, round or compute figures, dates, percentages or amounts: copy every one exactly as written in the DRAFT.',
  'Keep every link path (such as /wallet or /learn/fees-explained) exactly as written, on the last line.',
  'Plain text, no Markdown headings, at most 120 words. No investment advice.',
].join(' ');

/** Every number-like token of a text ("AED 1,234.50" → "1,234.50", "0.5%" → "0.5"). */
const numbers = (text: string) => new Set(text.match(/\d[\d,]*(?:\.\d+)?/g)?.map((n) => n.replace(/,/g, '')) ?? []);
const paths = (text: string) => new Set(text.match(/(?<![\w.])\/[a-z][a-z0-9-]*(?:\/[a-z0-9-]+)*/g) ?? []);

/**
 * True when the phrased text states no figure and no link that the retrieved answer does not. Figures are
 * compared as digits, so "AED 1,234.50" in the draft allows "1234.50" but not "1,235".
 */
export function staysWithinFacts(text: string, retrieved: Retrieved): boolean {
  const allowedNumbers = numbers([retrieved.draft, ...retrieved.facts].join('\n'));
  const allowedPaths = new Set([...paths(retrieved.draft), ...retrieved.links.map((l) => l.href)]);
  for (const n of numbers(text)) if (!allowedNumbers.has(n)) return false;
  for (const p of paths(text)) if (!allowedPaths.has(p)) return false;
  return text.trim().length > 0;
}

export type ModelPhraserOptions = { timeoutMs?: number; log?: Pick<Console, 'error'> };

/** Phrases with a language model (the `ai` SDK), falling back to the draft whenever the model strays or fails. */
export function modelPhraser(model: LanguageModel, { timeoutMs = 15_000, log = console }: ModelPhraserOptions = {}): Phraser {
  return {
    name: 'model',
    async phrase({ question, retrieved }) {
      // Nothing to phrase: a sign-in prompt or "I don't know" is the same either way.
      if (retrieved.kind === 'none' || retrieved.kind === 'sign-in') return retrieved.draft;
      try {
        const { text } = await generateText({
          model,
          system: SYSTEM,
          prompt: `QUESTION:\n${question}\n\nDRAFT:\n${retrieved.draft}`,
          temperature: 0.2,
          maxOutputTokens: 400,
          maxRetries: 0,
          abortSignal: AbortSignal.timeout(timeoutMs),
        });
        const phrased = text.trim();
        return staysWithinFacts(phrased, retrieved) ? phrased : retrieved.draft;
      } catch (err) {
        log.error('[assistant] phrasing failed, answering with the draft:', err instanceof Error ? err.message : err);
        return retrieved.draft;
      }
    },
  };
}

/** The phraser the environment asks for: a model when OPENAI_API_KEY is set, the offline one otherwise. */
export function phraserFromEnv(env: Record<string, string | undefined> = process.env, log: Pick<Console, 'error'> = console): Phraser {
  const apiKey = env.OPENAI_API_KEY?.trim();
  // Test runs never reach the network, whatever the developer's shell exports.
  if (!apiKey || env.VITEST) return offlinePhraser;
  const provider = createOpenAI({ apiKey, baseURL: env.OPENAI_BASE_URL?.trim() || undefined });
  return modelPhraser(provider.chat(env.ASSISTANT_MODEL?.trim() || 'gpt-4o-mini'), { log });
}
