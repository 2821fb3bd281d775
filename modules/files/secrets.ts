/**
 * Small secrets at rest (TOTP seeds and the like), sealed with the files key (FILES_KEY or the key
 * file, see storage.ts) in AES-256-GCM. A sealed value is text, safe for a `text` column:
 *
 *   "mzs1:" <key id, 16 hex> ":" base64url( 12-byte IV | 16-byte tag | ciphertext )
 *
 * `context` is bound as additional data (e.g. "totp:<user id>"), so a sealed value copied to another
 * row or column does not open. A database backup alone reveals nothing without the key.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { fileStore } from './storage';

const PREFIX = 'mzs1:';

export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX);
}

export function sealSecret(plain: string, context: string): string {
  const { key, id } = fileStore().key;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${id}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** Opens a sealed value; a value that was never sealed (stored before sealing existed) comes back as is. */
export function openSecret(stored: string, context: string): string {
  if (!isSealed(stored)) return stored;
  const { key, id } = fileStore().key;
  const [keyId, payload = ''] = stored.slice(PREFIX.length).split(':');
  if (keyId !== id) throw new Error(`A secret was sealed with another files key (${keyId}); this server uses ${id}. Restore FILES_KEY.`);
  const b = Buffer.from(payload, 'base64url');
  if (b.length < 28) throw new Error('A sealed secret is truncated.');
  const decipher = createDecipheriv('aes-256-gcm', key, b.subarray(0, 12));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(b.subarray(12, 28));
  return Buffer.concat([decipher.update(b.subarray(28)), decipher.final()]).toString('utf8');
}
