import {
  checkUploadFile,
  type KycApplicationJson,
  type KycDocumentJson,
  type KycDocumentType,
  kycMessages,
} from '@modules/kyc/contract';

/** The documents KYC asks for, and the checks a file must pass before it is uploaded (the server checks its content again). */

const EXTENSION_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' };

/** The file's type from its MIME type, or from its extension when the browser gives none. */
export function documentType(file: { name: string; type: string }): string {
  if (file.type) return file.type.toLowerCase();
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSION_TYPES[ext] ?? '';
}

export { formatBytes } from '@modules/files/contract';

/** null when the file may be uploaded; otherwise the contract's sentence saying what to do. */
export function checkDocumentFile(file: { name: string; type: string; size: number }): string | null {
  const type = documentType(file);
  if (!type) return kycMessages.fileType;
  return checkUploadFile({ size: file.size, type });
}

/** The document types this investor must provide now: the required ones, then any an admin asked for. */
export function documentSlots(app: KycApplicationJson): KycDocumentType[] {
  const requested = app.status === 'rejected' ? (app.requestedDocuments?.types ?? []) : [];
  return [...new Set([...app.requiredDocuments, ...requested])];
}

export const currentDocument = (app: KycApplicationJson, type: KycDocumentType): KycDocumentJson | undefined =>
  app.documents.find((d) => d.type === type && !d.superseded);

/** True when an admin asked for this type again and it has not been uploaded since. */
export function awaitingRequested(app: KycApplicationJson, type: KycDocumentType): boolean {
  const req = app.status === 'rejected' ? app.requestedDocuments : null;
  if (!req?.types.includes(type)) return false;
  const doc = currentDocument(app, type);
  return !doc || Date.parse(doc.uploadedAt) < Date.parse(req.requestedAt);
}

/** Types still to upload: never uploaded, rejected and not yet replaced, or asked for again. */
export function missingDocuments(app: KycApplicationJson): KycDocumentType[] {
  return documentSlots(app).filter((t) => {
    const doc = currentDocument(app, t);
    return !doc || doc.status === 'rejected' || awaitingRequested(app, t);
  });
}

export const isImage = (contentType: string) => contentType === 'image/jpeg' || contentType === 'image/png';
