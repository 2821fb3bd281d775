import type { KycDocumentJson, KycDocumentType } from '@modules/kyc/contract';
import { ApiError, failureText, readCookie } from '@site/lib/api';

export type UploadHandle = { promise: Promise<KycDocumentJson>; abort: () => void };

/**
 * POST /api/kyc/documents as multipart form data (type, file) with upload progress, which fetch
 * cannot report: XMLHttpRequest, the session cookie, and the CSRF headers site/lib/api adds to every
 * mutating call. Failures become the same ApiError ("STATUS: text") as every other call.
 */
export function uploadKycDocument(type: KycDocumentType, file: File, onProgress: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<KycDocumentJson>((resolve, reject) => {
    xhr.open('POST', '/api/kyc/documents');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readCookie('XSRF-TOKEN');
    if (token) {
      xhr.setRequestHeader('X-CSRF-Token', token);
      xhr.setRequestHeader('X-XSRF-TOKEN', token);
    }
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        try {
          resolve(JSON.parse(xhr.responseText) as KycDocumentJson);
        } catch {
          reject(new ApiError(`${xhr.status}: Service temporarily unavailable. Please try again.`, xhr.status, xhr.responseText));
        }
        return;
      }
      const { text, body } = failureText(xhr.responseText ?? null, xhr.statusText);
      reject(new ApiError(`${xhr.status}: ${text}`, xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError('0: The upload failed. Check your connection and try again.', 0, undefined));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    const form = new FormData();
    form.append('type', type);
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
