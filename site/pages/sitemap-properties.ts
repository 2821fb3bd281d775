// The properties sitemap, generated on demand from the catalogue (the build-time sitemap cannot know
// the properties an admin publishes later). Listed in sitemap-index.xml through `customSitemaps` in
// astro.config.mjs. No ".xml" in the path: api/server.ts serves dotted paths as static files only.
import type { APIRoute } from 'astro';
import { catalogue } from '@modules/properties/catalogue';

export const prerender = false;

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const GET: APIRoute = async ({ site }) => {
  const base = site ?? new URL('http://localhost:4321');
  const entries = await catalogue().sitemap();
  const urls = [
    `<url><loc>${escape(new URL('/properties', base).toString())}</loc><changefreq>daily</changefreq></url>`,
    ...entries.map((e) => `<url><loc>${escape(new URL(`/property/${e.slug}`, base).toString())}</loc><lastmod>${e.updatedAt.slice(0, 10)}</lastmod></url>`),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' } });
};
