/**
 * Fuzzy name matching for sanctions/PEP screening. Pure functions, no database.
 *
 * 1. normalise: diacritics and case folded, punctuation dropped, Arabic name particles (al, el, bin,
 *    ibn, bint…) removed, "Abdul Rahman" / "Abd al-Rahman" / "Abdulrahman" made one form, common
 *    transliterations of Muhammad folded, doubled letters collapsed;
 * 2. compare token sets regardless of order: Jaro-Winkler per token pair, best one-to-one assignment;
 * 3. adjust by date of birth and nationality when both sides have them.
 */
import { MATCH_THRESHOLD, type ScreeningCategory } from './screening-contract';

/** Tokens below this similarity do not pair up. */
export const TOKEN_FLOOR = 0.8;

const PARTICLES = new Set(['al', 'el', 'ul', 'ur', 'ud', 'un', 'us', 'uz', 'ad', 'ar', 'as', 'ash', 'at', 'az', 'bin', 'ibn', 'ibnu', 'bint', 'binti', 'bent', 'ben', 'bn', 'ould', 'wuld']);

const SPECIAL: Record<string, string> = { ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

const MUHAMMAD = /^(muhamad|mohamad|mohamed|muhamed|mohamud|muhamud|mouhamad|mouhamed|mehmet|mehmed|mhd|md|mohd|muhd)$/;

function foldToken(token: string): string {
  let t = token
    .replace(/(.)\1+/g, '$1') // doubled letters: mohammed → mohamed
    .replace(/ou|oo/g, 'u')
    .replace(/ee/g, 'i')
    .replace(/ph/g, 'f')
    .replace(/q/g, 'k')
    .replace(/dh/g, 'd');
  if (t.length > 3) t = t.replace(/([ae])h$/, '$1'); // fatimah → fatima
  if (MUHAMMAD.test(t)) return 'muhamad';
  return t;
}

/** A name as its comparable tokens: "Abd al-Rahman bin Saïd" → ['abd', 'rahman', 'said']. */
export function nameTokens(name: string): string[] {
  const text = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßøæœłđðþı]/g, (c) => SPECIAL[c] ?? c)
    .replace(/\u0640/g, '') // Arabic tatweel
    .replace(/['’‘`ʿʾʼ]/g, '') // Ma'mun → mamun
    .replace(/[^\p{L}\p{N}]+/gu, ' ');
  const out: string[] = [];
  for (const raw of text.split(' ')) {
    if (!raw || PARTICLES.has(raw)) continue;
    if (/^abd[aeiou]?l+ah?$/.test(raw)) {
      out.push('abdula');
      continue;
    }
    const abd = /^abd(ul|el|al|ol|ou|u|-)?(\p{L}{3,})$/u.exec(raw);
    if (abd) {
      out.push('abd', foldToken(abd[2].replace(/^(al|el|ul)(?=\p{L}{3})/u, '')));
      continue;
    }
    if (raw === 'abdul' || raw === 'abdel' || raw === 'abdal' || raw === 'abdol') {
      out.push('abd');
      continue;
    }
    out.push(foldToken(raw));
  }
  return out;
}

/** Jaro-Winkler similarity, 0…1. */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (!la || !lb) return 0;
  const range = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  const aMatched = new Array<boolean>(la).fill(false);
  const bMatched = new Array<boolean>(lb).fill(false);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - range);
    const hi = Math.min(lb - 1, i + range);
    for (let j = lo; j <= hi; j++) {
      if (bMatched[j] || a[i] !== b[j]) continue;
      aMatched[i] = bMatched[j] = true;
      matches++;
      break;
    }
  }
  if (!matches) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if (!aMatched[i]) continue;
    while (!bMatched[k]) k++;
    if (a[i] !== b[k]) transpositions++;
    k++;
  }
  const m = matches;
  const jaro = (m / la + m / lb + (m - transpositions / 2) / m) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < la && prefix < lb && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** "alrashid" also reads as "rashid" (the particle written joined). */
const variants = (t: string) => (t.length >= 6 && /^(al|el)/.test(t) ? [t, t.slice(2)] : [t]);

export function tokenSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  // An initial matches a token starting with that letter, weakly.
  if (a.length === 1 || b.length === 1) return a[0] === b[0] ? TOKEN_FLOOR : 0;
  let best = 0;
  for (const x of variants(a)) for (const y of variants(b)) best = Math.max(best, jaroWinkler(x, y));
  return best;
}

/**
 * Similarity of two names given as tokens, regardless of order: each token pairs with at most one
 * of the other side (best pairs first); the score rewards covering the shorter name (0.8) and
 * the longer one (0.2). A one-word name against a longer one is weak evidence and scores lower.
 */
export function nameSimilarity(q: string[], c: string[]): number {
  if (!q.length || !c.length) return 0;
  const pairs: { i: number; j: number; s: number }[] = [];
  for (let i = 0; i < q.length; i++) {
    for (let j = 0; j < c.length; j++) {
      const s = tokenSimilarity(q[i], c[j]);
      if (s >= TOKEN_FLOOR) pairs.push({ i, j, s });
    }
  }
  pairs.sort((x, y) => y.s - x.s);
  const usedQ = new Set<number>();
  const usedC = new Set<number>();
  let sum = 0;
  for (const p of pairs) {
    if (usedQ.has(p.i) || usedC.has(p.j)) continue;
    usedQ.add(p.i);
    usedC.add(p.j);
    sum += p.s;
  }
  const shorter = Math.min(q.length, c.length);
  const longer = Math.max(q.length, c.length);
  let score = 0.8 * (sum / shorter) + 0.2 * (sum / longer);
  if (shorter === 1 && longer > 1) score *= 0.7;
  return score;
}

export type MatchSubject = { tokens: string[]; dateOfBirth?: string | null; nationality?: string | null };
export type MatchCandidate = {
  names: { text: string; tokens: string[] }[];
  dateOfBirth: string | null;
  nationality: string | null;
  category: ScreeningCategory;
};

/**
 * How much the date of birth moves the score. Full dates: equal +0.10, same year −0.05, a year apart
 * −0.10, further −0.25. A list entry with only the year: same year +0.05, a year apart 0, further −0.20.
 */
export function dateAdjustment(subject: string | null | undefined, listed: string | null | undefined): { delta: number; reason?: string } {
  if (!subject || !listed) return { delta: 0 };
  const sy = Number(subject.slice(0, 4));
  const ly = Number(listed.slice(0, 4));
  const gap = Math.abs(sy - ly);
  const bothFull = subject.length === 10 && listed.length === 10;
  if (bothFull && subject === listed) return { delta: 0.1, reason: 'date of birth matches' };
  if (gap === 0) return bothFull ? { delta: -0.05, reason: 'same birth year, different date' } : { delta: 0.05, reason: 'birth year matches' };
  if (gap === 1) return bothFull ? { delta: -0.1, reason: 'date of birth a year apart' } : { delta: 0, reason: 'birth year one year apart' };
  return { delta: bothFull ? -0.25 : -0.2, reason: 'date of birth differs' };
}

export function nationalityAdjustment(subject: string | null | undefined, listed: string | null | undefined): { delta: number; reason?: string } {
  if (!subject || !listed) return { delta: 0 };
  return subject.toUpperCase() === listed.toUpperCase()
    ? { delta: 0.05, reason: 'nationality matches' }
    : { delta: -0.05, reason: 'nationality differs' };
}

/** Scores one listed person against the subject: the best of their name and aliases, then adjusted. */
export function scoreCandidate(subject: MatchSubject, candidate: MatchCandidate): { score: number; matchedOn: string; reasons: string[] } {
  let best = 0;
  let matchedOn = candidate.names[0]?.text ?? '';
  for (const n of candidate.names) {
    const s = nameSimilarity(subject.tokens, n.tokens);
    if (s > best) {
      best = s;
      matchedOn = n.text;
    }
  }
  const reasons: string[] = [];
  if (best === 0) return { score: 0, matchedOn, reasons };
  const dob = dateAdjustment(subject.dateOfBirth, candidate.dateOfBirth);
  const nat = nationalityAdjustment(subject.nationality, candidate.nationality);
  if (dob.reason) reasons.push(dob.reason);
  if (nat.reason) reasons.push(nat.reason);
  const score = Math.min(1, Math.max(0, best + dob.delta + nat.delta));
  return { score: Math.round(score * 1000) / 1000, matchedOn, reasons };
}

export const isHit = (score: number) => score >= MATCH_THRESHOLD;
