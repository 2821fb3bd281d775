import { SESSION_COOKIE } from '@api/cookies';
import type { Db } from '@db/client';
import { createSession } from '@modules/auth';
import { users } from '@modules/auth/schema';
import { BASE } from './http';

/**
 * A signed-in administrator for list tests, without the login flow: a user row and a session.
 * `get(path)` sends a GET with the session cookie through `app.handle`.
 */
export async function adminSession(db: Db, app: { handle: (r: Request) => Promise<Response> | Response }, email = `admin.${crypto.randomUUID().slice(0, 8)}@manzil.test`) {
  const [admin] = await db
    .insert(users)
    .values({ email, passwordHash: 'not-a-password', firstName: 'List', lastName: 'Admin', role: 'admin', unicode: `MZ-A${crypto.randomUUID().slice(0, 5).toUpperCase()}` })
    .returning();
  const token = await createSession(db, admin!.id);
  const cookie = `${SESSION_COOKIE}=${encodeURIComponent(token)}`;
  const get = (path: string) => app.handle(new Request(`${BASE}${path}`, { headers: { cookie } })) as Promise<Response>;
  return { admin: admin!, cookie, get };
}

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
