/** Issue 10, pages: inline data cannot break out of its <script>, and no page policy allows inline scripts. */
import { describe, expect, it } from 'vitest';
import { cspForHtml, cspFromPolicy, pageCsp, securityHeaders } from '../../api/security-headers';
import { jsonForScript } from '../../site/lib/json-script';

const hostile = '</script><script>window.__pwned=1</script><!--';

describe('jsonForScript', () => {
  it('keeps a hostile title inert inside a script block and means the same JSON', () => {
    const out = jsonForScript({ name: hostile, note: 'a\u2028b & c > d' });
    expect(out).not.toMatch(/<\/?script/i);
    expect(out).not.toContain('<!--');
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual({ name: hostile, note: 'a\u2028b & c > d' });
  });
});

const scriptSrc = (policy: string) => policy.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src')) ?? '';

describe('page Content-Security-Policy', () => {
  it('the default page policy allows no inline script and no framing', () => {
    expect(scriptSrc(pageCsp)).toBe("script-src 'self'");
    expect(securityHeaders('page')['Content-Security-Policy']).toContain("frame-ancestors 'none'");
  });

  it("a page's own policy becomes the header, with its script hashes and frame-ancestors", () => {
    const html = `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' 'sha256-abc='; style-src 'self' 'unsafe-inline'"></head></html>`;
    const header = cspForHtml(html);
    expect(scriptSrc(header)).toBe("script-src 'self' 'sha256-abc='");
    expect(header).toContain("frame-ancestors 'none'");
  });

  it('a policy that would allow inline scripts is replaced by the strict default', () => {
    expect(cspFromPolicy("default-src 'self'; script-src 'self' 'unsafe-inline'")).toBe(pageCsp);
    expect(cspFromPolicy("default-src 'self'")).toBe(pageCsp);
    expect(cspForHtml('<html><head></head></html>')).toBe(pageCsp);
  });
});
