/**
 * Content checks for the learning centre and legal pages: every article has the front matter the pages rely on,
 * a real length, working links, and fee figures that match the product spec (§9) exactly as the contract states them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  EARLY_EXIT_FEE_BPS, EARLY_EXIT_YEARS, FEES, LIQUIDITY_POOL_DISCOUNT_BPS, MIN_INVESTMENT_FILS, PERFORMANCE_FEE_BPS,
  PLATFORM_FEE_BPS, RETURNS, TRANSACTION_CHARGE_BPS,
} from '@modules/platform/contract';
import {
  formatLongDate, LEARN_CATEGORIES, learnSchema, legalSchema, MAX_ARTICLE_WORDS, MIN_ARTICLE_WORDS, readingMinutes,
  SLUG_PATTERN, wordCount,
} from '../components/learn/content-schema';

const here = path.dirname(fileURLToPath(import.meta.url));

type Doc = { slug: string; raw: string; body: string; data: Record<string, unknown> };

function parseFrontMatter(raw: string): { data: Record<string, unknown>; body: string } {
  const m = raw.match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/);
  if (!m) throw new Error('missing front matter block');
  return { data: Bun.YAML.parse(m[1]) as Record<string, unknown>, body: m[2] };
}

function load(dir: string): Doc[] {
  return readdirSync(path.join(here, dir))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => {
      const raw = readFileSync(path.join(here, dir, f), 'utf8');
      return { slug: f.replace(/\.md$/, ''), raw, ...parseFrontMatter(raw) };
    });
}

const articles = load('learn');
const legal = load('legal');
const slugs = new Set(articles.map((a) => a.slug));

/** "0.5%" from 50 basis points, "0.20%" keeps the spec's spelling for the performance fee. */
const pct = (bps: number) => `${bps / 100}%`;
const num = (s: string) => Number(s.replace(/,/g, ''));

describe('learning centre articles', () => {
  it('has at least 8 articles, covering every category', () => {
    expect(articles.length).toBeGreaterThanOrEqual(8);
    for (const c of LEARN_CATEGORIES) expect(articles.some((a) => a.data.category === c), c).toBe(true);
  });

  it.each(articles.map((a) => [a.slug, a] as const))('%s has valid front matter', (_slug, a) => {
    for (const key of ['title', 'description', 'category', 'updated']) expect(a.data, key).toHaveProperty(key);
    const parsed = learnSchema.safeParse(a.data);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(a.slug).toMatch(SLUG_PATTERN);
    // The <title> (the layout appends " · Manzil" unless present) stays short enough for search results.
    const t = parsed.data!.metaTitle ?? parsed.data!.title;
    expect((t.includes('Manzil') ? t : `${t} · Manzil`).length, t).toBeLessThanOrEqual(65);
  });

  it.each(articles.map((a) => [a.slug, a] as const))('%s is a substantive article (word count, headings)', (_slug, a) => {
    const words = wordCount(a.body);
    expect(words, `${a.slug}: ${words} words`).toBeGreaterThanOrEqual(MIN_ARTICLE_WORDS);
    expect(words, `${a.slug}: ${words} words`).toBeLessThanOrEqual(MAX_ARTICLE_WORDS);
    // The page renders the title as the only h1; the body's h2s make the table of contents.
    expect(a.body).not.toMatch(/^# /m);
    expect((a.body.match(/^## /gm) ?? []).length).toBeGreaterThanOrEqual(4);
    expect(a.body).not.toMatch(/lorem ipsum|coming soon|\bTODO\b|TBD/i);
  });

  it('has unique titles and order numbers within each category', () => {
    expect(new Set(articles.map((a) => a.data.title)).size).toBe(articles.length);
    const keys = articles.map((a) => `${a.data.category}#${a.data.order}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('links only to articles that exist (related front matter and in-text links)', () => {
    for (const a of articles) {
      for (const r of (a.data.related as string[] | undefined) ?? []) {
        expect(slugs.has(r), `${a.slug} → related ${r}`).toBe(true);
        expect(r).not.toBe(a.slug);
      }
      for (const m of a.body.matchAll(/\]\(\/learn\/([^)#]+)/g)) expect(slugs.has(m[1]), `${a.slug} → /learn/${m[1]}`).toBe(true);
    }
  });

  it('states the stated returns as targets, with the spec figures', () => {
    const returns = articles.find((a) => a.slug === 'rental-yield-vs-capital-appreciation')!;
    expect(returns.body).toContain(RETURNS.total);
    expect(returns.body).toContain(RETURNS.rentalYield);
    expect(returns.body).toContain(RETURNS.appreciation);
    expect(returns.body).toMatch(/not a guarantee|not guarantees/i);
  });

  it('states the minimum investment as AED 200', () => {
    const sip = articles.find((a) => a.slug === 'how-a-sip-works')!;
    expect(MIN_INVESTMENT_FILS).toBe(20_000n);
    expect(sip.body).toContain('AED 200');
  });
});

describe('fees stated in the content match the spec', () => {
  const feesArticle = articles.find((a) => a.slug === 'fees-explained');

  it('the fees article lists exactly the five spec fees with their rates', () => {
    expect(feesArticle, 'site/content/learn/fees-explained.md').toBeDefined();
    // The "at a glance" table (| Charge | Rate | When it applies |) in the section of that name.
    const section = feesArticle!.body.split(/^## /m).find((s) => s.startsWith('The five charges at a glance'));
    expect(section).toBeDefined();
    const rows = [...section!.matchAll(/^\| ([^|]+?) \| ([^|]+?) \| [^|]+ \|$/gm)]
      .map((m) => [m[1].trim(), m[2].trim()] as const)
      .filter(([name]) => FEES.some((f) => f.name === name));
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(FEES.map((f) => [f.name, f.rate])));
  });

  it('the contract rates are the spec rates', () => {
    expect(pct(PLATFORM_FEE_BPS)).toBe('0.5%');
    expect(PERFORMANCE_FEE_BPS).toBe(20); // 0.20%
    expect([pct(TRANSACTION_CHARGE_BPS.min), pct(TRANSACTION_CHARGE_BPS.max)]).toEqual(['0.5%', '2.5%']);
    expect(pct(EARLY_EXIT_FEE_BPS)).toBe('0.5%');
    expect(EARLY_EXIT_YEARS).toBe(3);
    expect(pct(LIQUIDITY_POOL_DISCOUNT_BPS)).toBe('2%');
  });

  // Wherever any article or legal page names a fee and then gives a rate in the same sentence, the rate is the spec's.
  // Both word orders: "platform fee of 0.5%" and "the 0.5% annual platform fee".
  const rateNear = (name: string) => [
    new RegExp(`${name}(?:(?!\\. |\\n).){0,40}?(\\d+(?:\\.\\d+)?)%`, 'gi'),
    new RegExp(`(\\d+(?:\\.\\d+)?)% (?:annual |yearly )?${name}`, 'gi'),
  ];
  const checks: { name: string; res: RegExp[]; expected: number[] }[] = [
    { name: 'platform fee', res: rateNear('platform fee'), expected: [PLATFORM_FEE_BPS / 100] },
    { name: 'performance fee', res: rateNear('performance fee'), expected: [PERFORMANCE_FEE_BPS / 100] },
    { name: 'early exit fee', res: rateNear('early exit fee'), expected: [EARLY_EXIT_FEE_BPS / 100] },
    { name: 'liquidity pool discount', res: [/(\d+(?:\.\d+)?)% discount/gi], expected: [LIQUIDITY_POOL_DISCOUNT_BPS / 100] },
    {
      name: 'transaction charge range',
      res: [/(\d+(?:\.\d+)?)% (?:to|and) (\d+(?:\.\d+)?)%/gi],
      expected: [TRANSACTION_CHARGE_BPS.min / 100, TRANSACTION_CHARGE_BPS.max / 100],
    },
  ];

  it.each(checks.map((c) => [c.name, c] as const))('every mention of the %s uses the spec rate', (_name, c) => {
    let mentions = 0;
    for (const doc of [...articles, ...legal]) {
      for (const re of c.res) {
        for (const m of doc.body.matchAll(re)) {
          mentions++;
          expect(m.slice(1).map(Number), `${doc.slug}: "${m[0]}"`).toEqual(c.expected);
        }
      }
    }
    expect(mentions).toBeGreaterThan(0);
  });

  it('the performance fee is written as 0.20%, as the spec states it', () => {
    expect(feesArticle!.body).toContain('0.20%');
    expect(feesArticle!.body).not.toMatch(/performance fee[^.\n]{0,40}?\b0\.2%/i);
  });

  it('every worked example "P% of AED X is AED Y" is arithmetically right', () => {
    const re = /(\d+(?:\.\d+)?)% of AED ([\d,]+(?:\.\d+)?) is AED ([\d,]+(?:\.\d+)?)/g;
    let examples = 0;
    for (const doc of [...articles, ...legal]) {
      for (const m of doc.body.matchAll(re)) {
        examples++;
        // Work in fils (integers): P% of X = X × P / 100.
        const xFils = Math.round(num(m[2]) * 100);
        const expectedFils = Math.round((xFils * Number(m[1])) / 100);
        expect(Math.round(num(m[3]) * 100), `${doc.slug}: "${m[0]}"`).toBe(expectedFils);
      }
    }
    expect(examples).toBeGreaterThanOrEqual(10);
  });
});

describe('legal pages', () => {
  const required = ['terms', 'privacy', 'disclaimer', 'regulatory', 'cookies'];

  it('has all five legal pages', () => {
    expect(legal.map((d) => d.slug).sort()).toEqual([...required].sort());
  });

  it.each(legal.map((d) => [d.slug, d] as const))('%s: valid front matter, last updated 21 November 2026', (_slug, d) => {
    const parsed = legalSchema.safeParse(d.data);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(formatLongDate(parsed.data!.updated)).toBe('21 November 2026');
  });

  it.each(legal.map((d) => [d.slug, d] as const))('%s: sections are numbered 1, 2, 3… in order', (_slug, d) => {
    const numbers = [...d.body.matchAll(/^## (\d+)\. \S/gm)].map((m) => Number(m[1]));
    expect(numbers.length).toBeGreaterThanOrEqual(5);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect((d.body.match(/^## /gm) ?? []).length).toBe(numbers.length);
  });

  it('claims no licence number or regulator approval', () => {
    for (const d of legal) {
      expect(d.body, d.slug).not.toMatch(/licen[cs]e (?:no\.?|number)\s*[:#]?\s*\d/i);
      expect(d.body, d.slug).not.toMatch(/\b(?:is|are) (?:licensed|regulated|approved) by\b/i);
    }
  });

  it('terms cover the 48-hour full refund, age 18 and Dubai courts', () => {
    const terms = legal.find((d) => d.slug === 'terms')!.body;
    expect(terms).toMatch(/within 48 hours[^.]*\. We will reverse the investment and refund the full amount/);
    expect(terms).toMatch(/at least 18 years old/);
    expect(terms).toMatch(/courts of Dubai/);
  });

  it('cookie policy names the session cookie, XSRF-TOKEN and the saved currency, and no advertising trackers', () => {
    const cookies = legal.find((d) => d.slug === 'cookies')!.body;
    expect(cookies).toContain('XSRF-TOKEN');
    expect(cookies).toMatch(/Session cookie/);
    expect(cookies).toContain('manzil.currency');
    expect(cookies).toMatch(/no advertising|do not use cookies for advertising/i);
  });
});

describe('reading time', () => {
  it('counts words, not Markdown syntax, at 220 words a minute', () => {
    expect(wordCount('## A heading\n\n| a | b |\n|---|---|\n| **one** | [two](/x) |')).toBe(6); // A heading a b one two
    expect(readingMinutes('word '.repeat(220))).toBe(1);
    expect(readingMinutes('word '.repeat(1100))).toBe(5);
    expect(readingMinutes('')).toBe(1);
  });
});
