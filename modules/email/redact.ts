/**
 * What the outbox may keep of a message: its secrets (reset tokens, verification codes) replaced.
 * A link that carries a secret becomes "[link removed]" as a whole; any other occurrence becomes
 * "••••••". Pure, so the outbox row, the admin screen and the tests agree on one rule.
 */
export const LINK_REMOVED = '[link removed]';
export const SECRET_REMOVED = '••••••';

const URL_RE = /\bhttps?:\/\/[^\s<>"'`]+/g;

export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  const live = secrets.filter((s) => s.length > 0);
  if (live.length === 0) return text;
  let out = text.replace(URL_RE, (url) => (live.some((s) => url.includes(s) || url.includes(encodeURIComponent(s))) ? LINK_REMOVED : url));
  for (const s of live) out = out.split(s).join(SECRET_REMOVED);
  return out;
}
