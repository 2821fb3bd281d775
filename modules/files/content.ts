/**
 * What a file really is, read from its bytes (magic numbers and headers), never from its name or the
 * type the browser declared. Only JPEG, PNG and PDF pass; images must have sane dimensions; PDFs are
 * parsed and refused when they carry active content (inspectContent, the check every upload goes through).
 */
import { AppError } from '@api/errors';
import {
  FILE_CONTENT_TYPES,
  FILE_MAX_BYTES,
  FILE_MAX_IMAGE_PIXELS,
  FILE_MAX_IMAGE_SIDE,
  FILE_MIN_IMAGE_SIDE,
  FILE_RULES_TEXT,
  formatBytes,
  type FileContentType,
  type FileRulesJson,
} from './contract';
import { inspectPdf } from './pdf-check';

export type DetectedContent = { contentType: FileContentType; width: number | null; height: number | null };

export const fileRules = (): FileRulesJson => ({
  allowed: { contentTypes: [...FILE_CONTENT_TYPES], maxBytes: FILE_MAX_BYTES, minImageSide: FILE_MIN_IMAGE_SIDE, maxImageSide: FILE_MAX_IMAGE_SIDE },
});

export const unsupportedFile = (why: string) =>
  new AppError(400, 'unsupported_file', `${why} Upload a ${FILE_RULES_TEXT}.`, fileRules());

export const fileTooLarge = (size?: number) =>
  new AppError(
    413,
    'file_too_large',
    `Files can be at most 10 MB${size ? `; this one is ${formatBytes(size)}` : ''}. Upload a ${FILE_RULES_TEXT}.`,
    fileRules(),
  );

const startsWith = (bytes: Uint8Array, sig: number[]) => bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

const u16 = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1];
const u32 = (b: Uint8Array, i: number) => ((b[i] << 24) >>> 0) + (b[i + 1] << 16) + (b[i + 2] << 8) + b[i + 3];

function pngSize(b: Uint8Array): { width: number; height: number } | null {
  // The first chunk must be IHDR (length 13): width and height as 32-bit big-endian integers.
  if (b.length < 33) return null;
  if (u32(b, 8) !== 13 || String.fromCharCode(b[12], b[13], b[14], b[15]) !== 'IHDR') return null;
  return { width: u32(b, 16), height: u32(b, 20) };
}

/** Walks the JPEG markers up to the first start-of-frame and reads its dimensions. */
function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let i = 2;
  while (i + 3 < b.length) {
    if (b[i] !== 0xff) return null;
    let marker = b[i + 1];
    while (marker === 0xff && i + 2 < b.length) {
      i += 1; // fill bytes
      marker = b[i + 1];
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame header
    const length = u16(b, i + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (i + 8 >= b.length) return null;
      return { height: u16(b, i + 5), width: u16(b, i + 7) };
    }
    i += 2 + length;
  }
  return null;
}

const latin1 = (b: Uint8Array) => new TextDecoder('latin1').decode(b);

function checkDimensions(size: { width: number; height: number } | null, kind: string): { width: number; height: number } {
  if (!size) throw unsupportedFile(`This ${kind} image is damaged or incomplete.`);
  const { width, height } = size;
  if (width < FILE_MIN_IMAGE_SIDE || height < FILE_MIN_IMAGE_SIDE) {
    throw unsupportedFile(`This image is ${width}×${height} pixels; images must be at least ${FILE_MIN_IMAGE_SIDE}×${FILE_MIN_IMAGE_SIDE}.`);
  }
  if (width > FILE_MAX_IMAGE_SIDE || height > FILE_MAX_IMAGE_SIDE || width * height > FILE_MAX_IMAGE_PIXELS) {
    throw unsupportedFile(`This image is ${width}×${height} pixels; images can be at most ${FILE_MAX_IMAGE_SIDE} pixels on a side and 100 megapixels.`);
  }
  return size;
}

/**
 * The content type of `bytes` by its signature, with image dimensions; throws 400 unsupported_file
 * (with the allowed types and limits) for anything else, and 413 file_too_large above 10 MB.
 */
export function detectContent(bytes: Uint8Array): DetectedContent {
  if (bytes.length === 0) throw unsupportedFile('The file is empty.');
  if (bytes.length > FILE_MAX_BYTES) throw fileTooLarge(bytes.length);
  if (startsWith(bytes, PNG_SIGNATURE)) {
    const { width, height } = checkDimensions(pngSize(bytes), 'PNG');
    return { contentType: 'image/png', width, height };
  }
  if (startsWith(bytes, JPEG_SIGNATURE)) {
    const { width, height } = checkDimensions(jpegSize(bytes), 'JPEG');
    return { contentType: 'image/jpeg', width, height };
  }
  if (startsWith(bytes, PDF_SIGNATURE)) {
    const head = latin1(bytes.subarray(0, 16));
    if (!/^%PDF-[12]\.\d/.test(head)) throw unsupportedFile('This PDF has an unknown version header.');
    const tail = latin1(bytes.subarray(Math.max(0, bytes.length - 2048)));
    if (!tail.includes('%%EOF')) throw unsupportedFile('This PDF is damaged or incomplete.');
    // Scripts and launch actions have no place in an identity document, and admins open these files.
    if (/\/(JavaScript|JS|Launch)\b/.test(latin1(bytes))) throw unsupportedFile('PDFs containing scripts or launch actions are not accepted.');
    return { contentType: 'application/pdf', width: null, height: null };
  }
  throw unsupportedFile('This file is not a JPEG, PNG or PDF, whatever its name says.');
}

const PDF_REFUSALS = {
  encrypted: 'This PDF is password-protected or encrypted; upload an unprotected copy.',
  unparsable: 'This PDF could not be read; it may be damaged. Save or scan it again and upload the new copy.',
  active_content: 'PDFs containing scripts, automatic actions, attached files, submitting forms or multimedia are not accepted.',
} as const;

/**
 * detectContent, then for a PDF a full parse (modules/files/pdf-check.ts): encrypted, unreadable and
 * active PDFs are refused with 400 unsupported_file. Every stored upload goes through this.
 */
export async function inspectContent(bytes: Uint8Array): Promise<DetectedContent> {
  const detected = detectContent(bytes);
  if (detected.contentType !== 'application/pdf') return detected;
  const verdict = await inspectPdf(bytes);
  if (!verdict.ok) throw unsupportedFile(PDF_REFUSALS[verdict.reason]);
  return detected;
}
