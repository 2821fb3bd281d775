// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import node from '@astrojs/node';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';

const apiPort = Number(process.env.API_PORT ?? 4322);

export default defineConfig({
  site: process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321',
  srcDir: './site',
  publicDir: './site/public',
  // Separate output and cache dirs let several builds run side by side (tests, benchmarks, helpers).
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  cacheDir: process.env.ASTRO_CACHE_DIR ?? './node_modules/.astro',
  output: 'static',
  trailingSlash: 'ignore',
  // staticHeaders: the Content-Security-Policy of every prerendered page is written to dist/_headers.json,
  // which api/server.ts sends as a response header (a header covers the whole document; Astro's <meta>
  // would only take effect after the head content written before it). On-demand pages get the header from Astro.
  adapter: node({ mode: 'middleware', staticHeaders: true }),
  security: {
    // Scripts: only our own files and the inline scripts Astro emits, by their SHA-256 hashes — never
    // 'unsafe-inline'. Styles keep 'unsafe-inline' for React style attributes and Astro's island styles.
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ],
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  integrations: [
    react(),
    sitemap({
      // Properties are published at run time: their URLs live in an on-demand sitemap (site/pages/sitemap-properties.ts).
      customSitemaps: [new URL('/sitemap-properties', process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321').toString()],
      filter: (page) => !/\/(admin|dashboard|wallet|notifications|kyc|checkout|onboarding|auth|mfa|verify-mfa|login|signup|sip-setup|sip|exchange|home)(\/|$)/.test(new URL(page).pathname),
    }),
  ],
  prefetch: { prefetchAll: false, defaultStrategy: 'hover' },
  server: { port: 4321, host: '127.0.0.1' },
  vite: {
    plugins: [tailwindcss()],
    // The path aliases (@modules/*, @site/*, @db/*, @api/*) come from tsconfig.json, the one list.
    resolve: { tsconfigPaths: true },
    server: {
      proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
    },
  },
});
