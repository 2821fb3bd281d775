/** Reading back the PDFs pdfkit writes (uncompressed under Vitest): their text and their page count. */
import { PDFDocument } from 'pdf-lib';

/** The text drawn with the standard fonts: the hex strings inside TJ arrays, one line per text run. */
export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    lines.push([...m[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join(''));
  }
  return lines.join('\n');
}

/** Parses the file (throws when it is not a readable PDF) and counts its pages. */
export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  return (await PDFDocument.load(bytes)).getPageCount();
}
