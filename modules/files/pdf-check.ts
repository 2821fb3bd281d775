/**
 * Active content in an uploaded PDF, found by parsing it (pdf-lib), not by grepping its bytes: objects
 * inside compressed object streams, names spelled with #xx escapes and incremental updates are all seen
 * as a PDF reader would see them. Identity documents and property papers need none of it, and admins
 * open these files, so a PDF with scripts, automatic actions, embedded files, forms that submit or
 * multimedia is refused, as is one that is encrypted or does not parse.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream, type PDFContext, type PDFObject } from 'pdf-lib';

/**
 * Dictionary keys that carry scripts, automatic actions, attachments, XFA forms or multimedia. An
 * /OpenAction is judged by what it opens: a destination (go to page 1) is harmless and common, an action
 * dictionary is judged by its /S like any other action.
 */
const FORBIDDEN_KEYS = new Set(['JS', 'JavaScript', 'AA', 'EmbeddedFile', 'EmbeddedFiles', 'EF', 'RichMedia', 'RichMediaContent', 'RichMediaSettings', 'XFA']);
/** Action types (/S) that run something, leave the document or send data. */
const FORBIDDEN_ACTIONS = new Set(['JavaScript', 'Launch', 'SubmitForm', 'ImportData', 'RichMediaExecute', 'GoToE', 'Rendition', 'Movie', 'Sound']);
/** Annotation and object types that embed files or media. */
const FORBIDDEN_TYPES = new Set(['EmbeddedFile', 'FileAttachment', 'RichMedia', 'Movie', 'Sound', 'Screen', '3D']);

export type PdfVerdict = { ok: true } | { ok: false; reason: 'encrypted' | 'unparsable' | 'active_content'; detail: string };

/** The name as the reader decodes it (#xx escapes in either case), without the leading slash. */
const nameOf = (n: PDFName) => String.fromCharCode(...n.asBytes());

type Walk = { context: PDFContext; seen: Set<PDFObject> };

function findActiveContent(dict: PDFDict, walk: Walk): string | null {
  if (walk.seen.has(dict)) return null;
  walk.seen.add(dict);
  for (const [key, value] of dict.entries()) {
    const name = nameOf(key);
    if (FORBIDDEN_KEYS.has(name)) return `/${name}`;
    if (name === 'S' || name === 'Type' || name === 'Subtype') {
      // A type may itself be an indirect reference to a name.
      const resolved = value instanceof PDFRef ? walk.context.lookup(value) : value;
      if (resolved instanceof PDFName) {
        const v = nameOf(resolved);
        if (name === 'S' && FORBIDDEN_ACTIONS.has(v)) return `/S /${v}`;
        if (name !== 'S' && FORBIDDEN_TYPES.has(v)) return `/${name} /${v}`;
      }
    }
    const found = findInValue(value, walk);
    if (found) return found;
  }
  return null;
}

/** Direct values nested inside an object (indirect objects are enumerated on their own). */
function findInValue(value: PDFObject | undefined, walk: Walk): string | null {
  if (value instanceof PDFDict) return findActiveContent(value, walk);
  if (value instanceof PDFStream) return findActiveContent(value.dict, walk);
  if (value instanceof PDFArray) {
    for (let i = 0; i < value.size(); i++) {
      const found = findInValue(value.get(i), walk);
      if (found) return found;
    }
  }
  return null;
}

export async function inspectPdf(bytes: Uint8Array): Promise<PdfVerdict> {
  let doc: PDFDocument;
  try {
    // Encryption is checked below (pdf-lib's EncryptedPDFError does not survive `instanceof`).
    doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true, ignoreEncryption: true });
  } catch (err) {
    return { ok: false, reason: 'unparsable', detail: err instanceof Error ? err.message : String(err) };
  }
  if (doc.isEncrypted) return { ok: false, reason: 'encrypted', detail: 'encrypted' };
  const walk: Walk = { context: doc.context, seen: new Set() };
  // Object streams are parsed into the context on load, so their objects are enumerated here too.
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    const found = findInValue(object, walk);
    if (found) return { ok: false, reason: 'active_content', detail: found };
  }
  return { ok: true };
}
