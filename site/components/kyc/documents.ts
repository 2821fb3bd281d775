/** The four documents KYC asks for, and the checks a file must pass before it can be uploaded. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const ACCEPT_ATTRIBUTE = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

export type DocumentSlotKey = 'idFront' | 'idBack' | 'proofOfAddress' | 'selfie';

export type DocumentSlot = {
  key: DocumentSlotKey;
  label: string;
  hint: string;
  /** True when only an Emirates ID needs it (a passport has no back). */
  emiratesIdOnly?: boolean;
};

export const DOCUMENT_SLOTS: readonly DocumentSlot[] = [
  { key: 'idFront', label: 'ID front', hint: 'The photo page of your passport, or the front of your Emirates ID. All four corners in view, no glare.' },
  { key: 'idBack', label: 'ID back', hint: 'The back of your Emirates ID, with the machine-readable lines sharp.', emiratesIdOnly: true },
  {
    key: 'proofOfAddress',
    label: 'Proof of address',
    hint: 'A utility bill, bank statement or tenancy contract (Ejari) less than 3 months old, showing your name and address.',
  },
  { key: 'selfie', label: 'Selfie', hint: 'A clear photo of your face in good light, no hat or sunglasses, looking at the camera.' },
];

const EXTENSION_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' };

/** The file's type from its MIME type, or from its extension when the browser gives none. */
export function documentType(file: { name: string; type: string }): string {
  if (file.type) return file.type.toLowerCase();
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSION_TYPES[ext] ?? '';
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** null when the file is acceptable; otherwise a sentence saying what to do. */
export function checkDocumentFile(file: { name: string; type: string; size: number }): string | null {
  const type = documentType(file);
  if (!(ACCEPTED_DOCUMENT_TYPES as readonly string[]).includes(type)) {
    return 'This file type isn’t accepted. Choose a JPEG, PNG or PDF.';
  }
  if (file.size > MAX_DOCUMENT_BYTES) return `This file is ${formatBytes(file.size)}. The limit is 10 MB.`;
  if (file.size === 0) return 'This file is empty. Choose another.';
  return null;
}

export function requiredSlots(idType: string): DocumentSlot[] {
  return DOCUMENT_SLOTS.filter((s) => !(s.emiratesIdOnly && idType === 'passport'));
}

/**
 * Files chosen in this tab, kept in memory only: they are never written to storage and are
 * sent to the server only as part of an upload. A reload forgets them.
 */
const chosen = new Map<DocumentSlotKey, File>();
export const chosenDocuments = {
  get: (key: DocumentSlotKey) => chosen.get(key),
  set: (key: DocumentSlotKey, file: File) => void chosen.set(key, file),
  remove: (key: DocumentSlotKey) => void chosen.delete(key),
  all: () => new Map(chosen),
  clear: () => chosen.clear(),
};
