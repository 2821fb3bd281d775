import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '@db/client';
import { SESSION_COOKIE } from '@api/cookies';
import { AppError } from '@api/errors';
import { requestMeta } from '@api/request-meta';
import { recordAudit } from '../audit';
import { accessDenial, isStaffRole, loadSession } from '../auth';
import { FILE_EXTENSIONS, type FileContentType } from './contract';
import { getStoredFile, readStoredFile } from './service';

/** A stored file opened directly: no scripts, no plugins, no framing, a sandboxed document. */
export const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

const unauthenticated = () => new AppError(401, 'unauthenticated', 'Please log in to continue.');
const forbidden = () => new AppError(403, 'forbidden', 'You do not have access to this file.');

/**
 * GET /api/files/:id[?download=1] — the one way a stored file leaves the server, decrypted. Images may
 * show inline (thumbnails and previews use <img>); documents (PDFs) are always attachments, so a browser
 * never renders an uploaded document inside our origin. Nothing may frame or script any of them.
 * Private files: their owner and admins only (a visitor gets 401, anyone else 403; an unknown id is 404
 * for a signed-in user and 401 for a visitor, so ids cannot be probed). Public files: anyone.
 * An admin opening someone else's private file is written to the audit log.
 */
export const fileRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  return new Elysia({ prefix: '/api/files' }).get(
    '/:id',
    async ({ params, query, cookie, request, set }) => {
      const id = z.uuid().safeParse(params.id).success ? params.id : null;
      const row = id ? await getStoredFile(db, id) : null;
      if (!row || row.visibility !== 'public') {
        const found = await loadSession(db, cookie[SESSION_COOKIE]?.value as string | undefined);
        if (!found || found.session.mfaPending) throw unauthenticated();
        if (!row) throw new AppError(404, 'not_found', 'There is no such file.');
        const isOwner = row.ownerId === found.user.id;
        const isAdmin = isStaffRole(found.user.role);
        if (!isOwner && !isAdmin) throw forbidden();
        if (!isOwner) {
          // A staff account that must use MFA opens other people's documents only once it has it.
          const denial = accessDenial(found, row.purpose === 'kyc_document' ? 'kyc:read' : 'overview:read');
          if (denial) throw new AppError(denial.status, denial.body.error, denial.body.message);
        }
        if (!isOwner) {
          await recordAudit(db, {
            actorId: found.user.id,
            action: 'file.view',
            entityType: 'file',
            entityId: row.id,
            summary: `Opened a ${row.purpose.replaceAll('_', ' ')} (${row.contentType}) belonging to another user.`,
            details: { ownerId: row.ownerId, purpose: row.purpose, download: query.download === '1' },
            ip: requestMeta(request).ip,
          });
        }
      }
      const bytes = await readStoredFile(row);
      const ext = FILE_EXTENSIONS[row.contentType as FileContentType] ?? 'bin';
      const disposition = query.download === '1' || !row.contentType.startsWith('image/') ? 'attachment' : 'inline';
      // Headers is case-insensitive: these replace the API's defaults (CSP, X-Frame-Options…) instead of doubling them.
      const headers = new Headers(set.headers as Record<string, string>);
      for (const [name, value] of Object.entries({
        'content-type': row.contentType,
        'content-length': String(bytes.length),
        // A name of our own making: what the uploader called it never leaves (or reaches) the server.
        'content-disposition': `${disposition}; filename="${row.purpose.replaceAll('_', '-')}-${row.id.slice(0, 8)}.${ext}"`,
        'cache-control': row.visibility === 'public' ? 'public, max-age=86400' : 'private, no-store',
        etag: `"${row.sha256.slice(0, 32)}"`,
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-origin',
        'content-security-policy': FILE_CSP,
        'x-frame-options': 'DENY',
      })) headers.set(name, value);
      return new Response(bytes as Uint8Array<ArrayBuffer>, { headers });
    },
    { query: z.object({ download: z.enum(['0', '1'], { error: 'download must be 1 or 0' }).optional() }) },
  );
};
