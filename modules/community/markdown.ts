/**
 * Markdown to HTML for community posts: micromark (CommonMark) with GFM (tables, strikethrough, task lists,
 * autolinks). micromark's defaults are the sanitiser: raw HTML in a post is escaped, not passed through
 * (allowDangerousHtml stays off), and link and image URLs with a protocol other than http(s), mailto and
 * the like (javascript:, data:, vbscript:…) are dropped. Links written by members are marked nofollow/ugc.
 */
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

export function renderMarkdown(body: string): string {
  const html = micromark(body, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
  // Raw HTML is escaped, so every '<a href=' in the output is micromark's own link element.
  return html.replaceAll('<a href="', '<a rel="nofollow ugc noopener" href="');
}

/** Plain text of a post for excerpts and search results (no markup, whitespace collapsed). */
export function excerptOf(body: string, max = 200): string {
  const plain = body
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length <= max ? plain : `${plain.slice(0, max - 1).trimEnd()}…`;
}
