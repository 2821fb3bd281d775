/**
 * Reading a statement upload (multipart: file, format, and for CSV an optional mapping as JSON). The route's
 * parse hook checks the admin session and the 5 MB limit before any of the file is read.
 */
import type { Db } from '@db/client';
import { readLimitedBytes } from '@api/body';
import { parseCookieHeader, SESSION_COOKIE } from '@api/cookies';
import { AppError, badRequest } from '@api/errors';
import { sessionGate } from '@modules/wallet';
import { csvMappingInput, MAX_STATEMENT_BYTES, statementFormatSchema, statementMessages, type CsvMapping, type StatementFormat } from './contract';

/** Room for the multipart boundaries and the small fields next to the file. */
const FORM_SLACK = 64 * 1024;
const tooLarge = () => new AppError('payload_too_large', statementMessages.tooLarge);

/** The route's `parse` hook: multipart only, after the admin check, within the limit. */
export const statementFormParser = (db: Db) =>
  async function parse({ request, contentType }: { request: Request; contentType?: string }) {
    if (!contentType?.toLowerCase().startsWith('multipart/form-data')) return;
    await sessionGate(db, 'staff')({ cookie: { [SESSION_COOKIE]: { value: parseCookieHeader(request.headers.get('cookie'))[SESSION_COOKIE] } } });
    const limit = MAX_STATEMENT_BYTES + FORM_SLACK;
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = await readLimitedBytes(request, limit);
    } catch (err) {
      if (err instanceof AppError && err.code === 'payload_too_large') throw tooLarge();
      throw err;
    }
    try {
      return await new Response(bytes, { headers: { 'content-type': request.headers.get('content-type') ?? contentType } }).formData();
    } catch {
      throw badRequest(statementMessages.notMultipart, 'malformed_body');
    }
  };

export type StatementUpload = { format: StatementFormat; fileName: string; bytes: Uint8Array; mapping: CsvMapping | null };

function mappingOf(form: FormData): CsvMapping | null {
  const raw = form.get('mapping');
  if (raw === null || raw === '') return null;
  if (typeof raw !== 'string') throw badRequest(statementMessages.mappingInvalid, 'validation_failed');
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw badRequest(statementMessages.mappingInvalid, 'validation_failed');
  }
  const parsed = csvMappingInput.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(issue.message, 'validation_failed', { fields: { [`mapping.${issue.path.join('.') || 'root'}`]: issue.message } });
  }
  return parsed.data;
}

/** The upload's fields, or 400 naming what is missing; `needFormat` false for the preview (CSV only). */
export async function readUpload(body: unknown, needFormat = true): Promise<StatementUpload> {
  if (!(body instanceof FormData)) throw badRequest(statementMessages.notMultipart, 'validation_failed');
  const file = body.get('file');
  if (!(file instanceof Blob) || file.size === 0) throw badRequest(statementMessages.fileMissing, 'file_missing');
  if (file.size > MAX_STATEMENT_BYTES) throw tooLarge();
  const format = needFormat ? statementFormatSchema.safeParse(body.get('format') ?? undefined) : { success: true as const, data: 'csv' as const };
  if (!format.success) throw badRequest(statementMessages.format, 'validation_failed', { fields: { format: statementMessages.format } });
  const name = file instanceof File ? file.name : '';
  const fileName = name.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || `statement.${format.data}`;
  return { format: format.data, fileName, bytes: new Uint8Array(await file.arrayBuffer()), mapping: mappingOf(body) };
}
