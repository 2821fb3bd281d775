/**
 * How the on-demand pages (/properties, /property/{id}, the property sitemap) read the catalogue.
 *
 * In production api/server.ts runs the API and Astro's built handler in one process: propertyRoutes()
 * registers the catalogue (the module's service bound to the server's database) here, on globalThis,
 * because the built pages carry their own copy of this file. The pages then call the service in
 * process — no HTTP hop, no second database connection. Under `astro dev` (API in another process)
 * nothing is registered and the pages read the same JSON from the API over HTTP (API_PORT).
 *
 * Listings are cached for a short time (CATALOGUE_TTL_MS): funding progress moves with purchases, which
 * update shares_sold without telling this module, so a card may lag a purchase by at most that long.
 * Any admin write through this module clears the cache at once.
 *
 * Server-only: imports nothing from the database, but pages must not import it into client code.
 */
import type { ListQuery, PropertyDetailJson, PropertyListJson } from './contract';

export type Location = { city: string; community: string; count: number };
export type SitemapEntry = { slug: string; updatedAt: string };

export type Catalogue = {
  list: (q: ListQuery) => Promise<PropertyListJson>;
  detail: (idOrSlug: string) => Promise<PropertyDetailJson | null>;
  locations: () => Promise<Location[]>;
  sitemap: () => Promise<SitemapEntry[]>;
};

const KEY = Symbol.for('manzil.properties.catalogue');
type Registry = { catalogue?: Catalogue; generation: number };
const registry = ((globalThis as Record<symbol, unknown>)[KEY] ??= { generation: 0 }) as Registry;

export const CATALOGUE_TTL_MS = 2_000;
const MAX_ENTRIES = 500;

type Entry = { at: number; generation: number; value: Promise<unknown> };
const cache = new Map<string, Entry>();

/** Registers the in-process catalogue (called by propertyRoutes with the server's database). */
export function provideCatalogue(catalogue: Catalogue): void {
  registry.catalogue = catalogue;
  invalidateCatalogue();
}

/** Drops every cached listing (after an admin write). */
export function invalidateCatalogue(): void {
  registry.generation += 1;
}

function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.generation === registry.generation && now - hit.at < CATALOGUE_TTL_MS) return hit.value as Promise<T>;
  const value = load();
  cache.set(key, { at: now, generation: registry.generation, value });
  value.catch(() => cache.delete(key));
  if (cache.size > MAX_ENTRIES) {
    for (const [k, e] of cache) if (now - e.at >= CATALOGUE_TTL_MS || e.generation !== registry.generation) cache.delete(k);
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  }
  return value;
}

function overHttp(): Catalogue {
  const base = process.env.CATALOGUE_API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 4322}`;
  const get = async <T>(path: string): Promise<T | null> => {
    const res = await fetch(base + path, { headers: { accept: 'application/json' } });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`catalogue: GET ${path} answered ${res.status}`);
    return (await res.json()) as T;
  };
  const qs = (q: Record<string, unknown>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
    const s = p.toString();
    return s ? `?${s}` : '';
  };
  return {
    list: async (q) => (await get<PropertyListJson>(`/api/properties${qs(q)}`))!,
    detail: (id) => get<PropertyDetailJson>(`/api/properties/${encodeURIComponent(id)}`),
    locations: async () => (await get<{ items: Location[] }>('/api/properties/locations'))?.items ?? [],
    sitemap: async () => (await get<{ items: SitemapEntry[] }>('/api/properties/sitemap'))?.items ?? [],
  };
}

/** The catalogue as the pages read it, cached. */
export function catalogue(): Catalogue {
  const source = registry.catalogue ?? overHttp();
  return {
    list: (q) => cached(`list:${JSON.stringify(q)}`, () => source.list(q)),
    detail: (id) => cached(`detail:${id.toLowerCase()}`, () => source.detail(id)),
    locations: () => cached('locations', () => source.locations()),
    sitemap: () => cached('sitemap', () => source.sitemap()),
  };
}

// ---------------------------------------------------------------------------------------------
// Rendered pages (site/middleware.ts): the catalogue pages' HTML is the same for every visitor (the
// header's session state and the currency are applied in the browser), so a rendered page is kept for
// the same short time as its data and dropped on any admin write. Rendering (layout, cards, islands)
// costs far more than serving, and a listing is read far more often than it changes.

type PageEntry = { at: number; generation: number; status: number; headers: [string, string][]; body: string };
const pages = new Map<string, PageEntry>();
const MAX_PAGES = 300;

/** Whether a request is for a catalogue page whose HTML may be kept: GET of /properties or /property/{id}. */
export function isCataloguePage(method: string, pathname: string): boolean {
  if (method !== 'GET') return false;
  const p = pathname.toLowerCase().replace(/\/+$/, '');
  return p === '/properties' || /^\/property\/[^/]{1,100}$/.test(p);
}

export function cachedPage(key: string): Response | null {
  const hit = pages.get(key);
  if (!hit) return null;
  if (hit.generation !== registry.generation || Date.now() - hit.at >= CATALOGUE_TTL_MS) {
    pages.delete(key);
    return null;
  }
  return new Response(hit.body, { status: hit.status, headers: hit.headers });
}

/** Keeps a rendered 200 page (only when the in-process catalogue is there: not under `astro dev`). */
export async function keepPage(key: string, response: Response): Promise<Response> {
  if (!registry.catalogue || response.status !== 200 || !(response.headers.get('content-type') ?? '').includes('text/html')) return response;
  const body = await response.text();
  const headers = [...response.headers.entries()].filter(([k]) => k !== 'content-length' && k !== 'set-cookie');
  if (pages.size >= MAX_PAGES) {
    const now = Date.now();
    for (const [k, e] of pages) if (now - e.at >= CATALOGUE_TTL_MS || e.generation !== registry.generation) pages.delete(k);
    if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
  }
  pages.set(key, { at: Date.now(), generation: registry.generation, status: response.status, headers, body });
  return new Response(body, { status: response.status, headers: response.headers });
}
