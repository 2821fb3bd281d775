/**
 * The development mailbox: without SMTP_URL, outside production, each message is written in full to
 * <DATA_DIR>/mail/<outbox id>.eml (MAIL_DIR overrides; tests use a temporary directory) and printed
 * to the server console, so a person trying the app on a laptop can read the code or follow the
 * link. Nothing secret goes to the database; in production this mailbox is never written.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EmailMessage } from './service';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function devMailboxDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MAIL_DIR) return env.MAIL_DIR;
  if (env.DATA_DIR) return path.join(env.DATA_DIR, 'mail');
  if (env.VITEST) return path.join(os.tmpdir(), `manzil-test-mail-${process.pid}`);
  return path.join(repoRoot, '.data', 'mail');
}

const header = (v: string) => v.replace(/[\r\n]+/g, ' ');

export function toEml(id: string, m: Pick<EmailMessage, 'to' | 'subject' | 'text' | 'kind' | 'threading'>, from: string, date = new Date()): string {
  const t = m.threading;
  return [
    `From: ${header(from)}`,
    `To: ${header(m.to)}`,
    `Subject: ${header(m.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: ${t ? header(t.messageId) : `<${id}@manzil.local>`}`,
    ...(t?.inReplyTo ? [`In-Reply-To: ${header(t.inReplyTo)}`] : []),
    ...(t?.references?.length ? [`References: ${header(t.references.join(' '))}`] : []),
    `X-Manzil-Kind: ${header(m.kind)}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    m.text,
    '',
  ].join('\r\n');
}

/** Writes the full message (mode 600) and, outside tests, prints it; returns the file's path. */
export function deliverToDevMailbox(id: string, m: EmailMessage, from: string, env: NodeJS.ProcessEnv = process.env): string {
  const dir = devMailboxDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${id}.eml`);
  const attached = (m.attachments ?? []).map((a) => {
    const name = `${id}-${path.basename(a.filename).replace(/[^\w.-]+/g, '_')}`;
    writeFileSync(path.join(dir, name), a.content, { mode: 0o600 });
    return name;
  });
  const text = attached.length ? `${m.text}\n\nAttached: ${attached.join(', ')}` : m.text;
  writeFileSync(file, toEml(id, { ...m, text }, from), { mode: 0o600 });
  if (!env.VITEST) console.info(`[mail] development mailbox: ${file}\n  To: ${m.to}\n  Subject: ${m.subject}\n\n${m.text.replace(/^/gm, '  ')}\n`);
  return file;
}

export type DevMail = { id: string; to: string; subject: string; kind: string; text: string; file: string };

/** The messages in the development mailbox, newest first (optionally for one recipient). */
export function readDevMailbox(opts: { to?: string; dir?: string } = {}): DevMail[] {
  const dir = opts.dir ?? devMailboxDir();
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  const mails = names.map((n) => {
    const file = path.join(dir, n);
    const raw = readFileSync(file, 'utf8');
    const split = raw.indexOf('\r\n\r\n');
    const headers = Object.fromEntries(
      raw.slice(0, split).split('\r\n').map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    const date = statSync(file).mtimeMs;
    return { id: n.slice(0, -4), to: headers.to ?? '', subject: headers.subject ?? '', kind: headers['x-manzil-kind'] ?? '', text: raw.slice(split + 4).replace(/\r\n$/, ''), file, date };
  });
  return mails
    .filter((m) => !opts.to || m.to.toLowerCase() === opts.to.toLowerCase())
    .sort((a, b) => b.date - a.date)
    .map(({ date: _date, ...m }) => m);
}
