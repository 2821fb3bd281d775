/*
 * Stored files (browser-safe): the rules every upload is held to, and the download route.
 * Uploads are checked by their content (magic bytes), never by their name or declared type.
 */

export const FILE_MAX_BYTES = 10 * 1024 * 1024;
export const FILE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type FileContentType = (typeof FILE_CONTENT_TYPES)[number];
export const FILE_EXTENSIONS: Record<FileContentType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

/** Images must be at least this many pixels on each side, at most FILE_MAX_IMAGE_SIDE, and at most FILE_MAX_IMAGE_PIXELS in all. */
export const FILE_MIN_IMAGE_SIDE = 64;
export const FILE_MAX_IMAGE_SIDE = 16_384;
export const FILE_MAX_IMAGE_PIXELS = 100_000_000;

export const FILE_RULES_TEXT = 'JPEG, PNG or PDF, at most 10 MB';

const BYTE_UNITS = [
  ['byte', 1],
  ['kilobyte', 1024],
  ['megabyte', 1024 ** 2],
  ['gigabyte', 1024 ** 3],
] as const;

/** A file size for people ("812 bytes", "4.2 kB", "9.7 MB"): the one formatter for uploads, lists and archives. */
export function formatBytes(bytes: number): string {
  let i = BYTE_UNITS.length - 1;
  while (i > 0 && bytes < BYTE_UNITS[i]![1]) i -= 1;
  const [unit, size] = BYTE_UNITS[i]!;
  return new Intl.NumberFormat('en-GB', { style: 'unit', unit, unitDisplay: i === 0 ? 'long' : 'short', maximumFractionDigits: i === 0 ? 0 : 1 }).format(bytes / size);
}

/** What a rejected upload's 400/413 body carries besides { message, error }. */
export type FileRulesJson = {
  allowed: { contentTypes: FileContentType[]; maxBytes: number; minImageSide: number; maxImageSide: number };
};

export const FILE_PURPOSES = ['kyc_document', 'property_photo', 'property_document', 'other'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

export type FileVisibility = 'private' | 'public';

export type StoredFileJson = {
  id: string;
  contentType: FileContentType;
  size: number;
  width: number | null;
  height: number | null;
  purpose: string;
  visibility: FileVisibility;
  url: string;
  createdAt: string;
};

/** The authorised download route: owner and admins (anyone for public files). `download` asks for an attachment. */
export const fileUrl = (id: string, opts: { download?: boolean } = {}) => `/api/files/${id}${opts.download ? '?download=1' : ''}`;
