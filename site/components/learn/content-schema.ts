/**
 * Front-matter schemas and small helpers for the learning centre and the legal pages.
 * Plain TypeScript (no `astro:content`), so `site/content.config.ts`, the pages and the tests share one definition.
 */
import { z } from 'astro/zod';

/** Categories in the order the learning centre shows them. */
export const LEARN_CATEGORIES = ['Getting started', 'Investing', 'Returns and fees', 'Risks and exits'] as const;
export type LearnCategory = (typeof LEARN_CATEGORIES)[number];

export const CATEGORY_BLURBS: Record<LearnCategory, string> = {
  'Getting started': 'What you own when you buy a share of a property, and what we need from you before you invest.',
  Investing: 'Building a position month by month, and where in the UAE your money goes.',
  'Returns and fees': 'Where returns come from, what they depend on, and exactly what you pay.',
  'Risks and exits': 'What can go wrong, and the three ways to turn your shares back into cash.',
};

/** Lower-case kebab case, e.g. `how-a-sip-works`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const MIN_ARTICLE_WORDS = 600;
export const MAX_ARTICLE_WORDS = 1200;

export const learnSchema = z.object({
  title: z.string().min(10).max(90),
  /** A shorter <title> for search results when the headline is long (the layout appends " · Manzil"). */
  metaTitle: z.string().min(10).max(55).optional(),
  /** Used as the meta description and the summary under the title. */
  description: z.string().min(70).max(170),
  category: z.enum(LEARN_CATEGORIES),
  /** Position within its category. */
  order: z.number().int().min(1),
  updated: z.coerce.date(),
  related: z.array(z.string().regex(SLUG_PATTERN)).max(3).default([]),
});
export type LearnFrontmatter = z.infer<typeof learnSchema>;

export const legalSchema = z.object({
  title: z.string().min(5).max(60),
  description: z.string().min(70).max(170),
  /** One or two sentences shown under the title. */
  intro: z.string().min(40),
  updated: z.coerce.date(),
});
export type LegalFrontmatter = z.infer<typeof legalSchema>;

/** Strips Markdown/HTML syntax so only the words a reader reads are counted. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/^---[\s\S]*?---/, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*\|?\s*:?-{3,}.*$/gm, ' ')
    .replace(/[#>*_`|]/g, ' ');
}

export function wordCount(markdown: string): number {
  return plainText(markdown).split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** Minutes at 220 words a minute, at least 1. */
export function readingMinutes(markdown: string): number {
  return Math.max(1, Math.round(wordCount(markdown) / 220));
}

/** "21 November 2026" — dates are stored as UTC midnight, so format in UTC. */
export function formatLongDate(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export type Crumb = { name: string; path: string };

/** schema.org BreadcrumbList for a trail of crumbs (absolute URLs built from the site origin). */
export function breadcrumbJsonLd(crumbs: Crumb[], site: URL): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: new URL(c.path, site).toString(),
    })),
  };
}

/** Learning centre order: by category (as listed in LEARN_CATEGORIES), then by `order` within it. */
export function compareArticles(
  a: { data: { category: LearnCategory; order: number } },
  b: { data: { category: LearnCategory; order: number } },
): number {
  const byCategory = LEARN_CATEGORIES.indexOf(a.data.category) - LEARN_CATEGORIES.indexOf(b.data.category);
  return byCategory !== 0 ? byCategory : a.data.order - b.data.order;
}

/** Up to `count` related articles: the ones named in front matter first, then others from the same category. */
export function pickRelated<T extends { id: string; data: { category: LearnCategory; related: string[] } }>(
  current: T,
  all: T[],
  count = 3,
): T[] {
  const byId = new Map(all.map((a) => [a.id, a]));
  const picked: T[] = [];
  for (const id of current.data.related) {
    const a = byId.get(id);
    if (a && a.id !== current.id && !picked.includes(a)) picked.push(a);
  }
  for (const a of all) {
    if (picked.length >= count) break;
    if (a.id !== current.id && a.data.category === current.data.category && !picked.includes(a)) picked.push(a);
  }
  for (const a of all) {
    if (picked.length >= count) break;
    if (a.id !== current.id && !picked.includes(a)) picked.push(a);
  }
  return picked.slice(0, count);
}
