/**
 * Astro middleware for on-demand pages. The property catalogue's pages (/properties, /property/{id})
 * are served from a short-lived cache of their rendered HTML (modules/properties/catalogue.ts: the same
 * 2-second life as their data, cleared by any admin write). Everything else passes straight through.
 */
import { defineMiddleware } from 'astro:middleware';
import { cachedPage, isCataloguePage, keepPage } from '../modules/properties/catalogue';

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered || !isCataloguePage(context.request.method, context.url.pathname)) return next();
  const key = `${context.url.pathname.toLowerCase().replace(/\/+$/, '')}${context.url.search}`;
  return cachedPage(key) ?? keepPage(key, await next());
});
