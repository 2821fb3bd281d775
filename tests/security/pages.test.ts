/**
 * Issue 10: inline data in pages is escaped for script context, and the page policy never allows
 * inline scripts. A property title such as `</script><script>…` must stay inside its JSON-LD block.
 */
import { describe, expect, it } from 'vitest';
import { apiCsp, pageCsp, securityHeaders } from '@api/security-headers';
import { jsonForScript } from '@site/lib/json-script';

const HOSTILE = '</script><script>window.__pwned=1</script><!--';

describe('jsonForScript', () => {
  it('never lets a value end the script element or open a comment, and parses back to the same value', () => {
    const value = { '@type': 'Product', name: `Marina loft ${HOSTILE}`, note: 'A & B > C \u2028\u2029', nested: [{ html: '<b>' }] };
    const out = jsonForScript(value);
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(out.toLowerCase()).not.toContain('</script');
    expect(out).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(out)).toEqual(value);
  });

  it('is what the layout writes into the JSON-LD block', async () => {
    const { readFile } = await import('node:fs/promises');
    const layout = await readFile(new URL('../../site/layouts/Base.astro', import.meta.url), 'utf8');
    expect(layout).toMatch(/<script type="application\/ld\+json" set:html=\{jsonForScript\(jsonLd\)\}/);
    // No other inline data is written raw anywhere in the site.
    const { globSync } = await import('node:fs');
    const offenders: string[] = [];
    for (const file of globSync('site/**/*.astro')) {
      const text = await readFile(file, 'utf8');
      for (const m of text.matchAll(/set:html=\{([^}]*)\}/g)) if (/JSON\.stringify/.test(m[1]!)) offenders.push(`${file}: ${m[0]}`);
      if (/define:vars/.test(text)) offenders.push(`${file}: define:vars`);
    }
    expect(offenders).toEqual([]);
  });
});

describe('page Content-Security-Policy', () => {
  const scriptSrc = (csp: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src')) ?? '';

  it('the fallback page policy allows scripts from our origin only', () => {
    expect(scriptSrc(pageCsp)).toBe("script-src 'self'");
    expect(pageCsp).not.toMatch(/unsafe-eval/);
    expect(securityHeaders('page')['Content-Security-Policy']).toBe(pageCsp);
    expect(apiCsp).toContain("default-src 'none'");
  });

  it('Astro is configured to hash its inline scripts and never to allow inline ones', async () => {
    const config = (await import('../../astro.config.mjs')).default as { security?: { csp?: { scriptDirective?: { resources?: string[] }; directives?: string[] } } };
    const csp = config.security?.csp;
    expect(csp).toBeTruthy();
    expect(csp?.scriptDirective?.resources ?? []).not.toContain("'unsafe-inline'");
    expect(csp?.directives).toEqual(expect.arrayContaining(["object-src 'none'", "frame-ancestors 'none'", "base-uri 'self'"]));
  });
});
