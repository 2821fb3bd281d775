// Content collections (Astro content layer): Markdown files loaded with the glob loader, validated by zod schemas.
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { learnSchema, legalSchema } from './components/learn/content-schema';

/** Learning centre articles: site/content/learn/<slug>.md → /learn/<slug>. */
const learn = defineCollection({
  loader: glob({ pattern: '*.md', base: './site/content/learn' }),
  schema: learnSchema,
});

/** Legal pages: site/content/legal/<id>.md → /<id> (terms, privacy, disclaimer, regulatory, cookies). */
const legal = defineCollection({
  loader: glob({ pattern: '*.md', base: './site/content/legal' }),
  schema: legalSchema,
});

export const collections = { learn, legal };
