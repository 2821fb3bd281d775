/**
 * Issue 10: uploaded PDFs are parsed, not grepped. Active content hidden where a byte search cannot see
 * it (a compressed object stream, a name spelled with #xx escapes) is refused, and so are encrypted and
 * unreadable PDFs; ordinary documents still pass.
 */
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { AppError } from '@api/errors';
import { inspectContent } from '@modules/files';
import { demoPdf } from '@modules/kyc/demo-files';

const latin1 = (b: Uint8Array) => new TextDecoder('latin1').decode(b);

async function refusal(bytes: Uint8Array): Promise<AppError> {
  try {
    await inspectContent(bytes);
  } catch (e) {
    return e as AppError;
  }
  throw new Error('expected the PDF to be refused');
}

/** A one-page statement written by pdf-lib, saved with compressed object streams. */
async function statement(extra?: (doc: PDFDocument) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText('DEWA bill, October 2026', { x: 56, y: 780, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  extra?.(doc);
  return doc.save({ useObjectStreams: true });
}

/** A hand-written PDF (like modules/kyc/demo-files) with extra objects appended to the catalogue. */
function handWritten(catalogExtra: string, objects: string[] = [], trailerExtra = ''): Uint8Array {
  const all = [`<< /Type /Catalog /Pages 2 0 R ${catalogExtra} >>`, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>', ...objects];
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  all.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${all.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${all.length + 1} /Root 1 0 R ${trailerExtra} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

describe('uploaded PDFs', () => {
  it('accepts ordinary documents, with or without object streams and an opening view', async () => {
    expect(await inspectContent(await statement())).toMatchObject({ contentType: 'application/pdf' });
    expect(await inspectContent(demoPdf(['Proof of address']))).toMatchObject({ contentType: 'application/pdf' });
    // /OpenAction as a destination (open at page 1, fit) is common and harmless.
    const openAtFirstPage = await statement((doc) => doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj([doc.getPage(0).ref, PDFName.of('Fit')])));
    expect(await inspectContent(openAtFirstPage)).toMatchObject({ contentType: 'application/pdf' });
  });

  it('refuses an /OpenAction JavaScript action hidden in a compressed object stream', async () => {
    const bytes = await statement((doc) => {
      const action = doc.context.register(doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("pwned")') }));
      doc.catalog.set(PDFName.of('OpenAction'), action);
    });
    // The byte search this replaces cannot see it: the action is deflated inside an object stream.
    expect(latin1(bytes)).toContain('/ObjStm');
    expect(latin1(bytes)).not.toMatch(/\/(JavaScript|JS|OpenAction)\b/);
    const e = await refusal(bytes);
    expect(e).toBeInstanceOf(AppError);
    expect([e.status, e.code]).toEqual([400, 'unsupported_file']);
    expect(e.message).toMatch(/^PDFs containing scripts, automatic actions/);
  });

  it('refuses actions, attachments and forms however their names are spelled', async () => {
    const cases: [string, Uint8Array][] = [
      ['launch action with #xx-escaped names', handWritten('/OpenAction 4 0 R', ['<< /#53 /L#61unch /F (cmd.exe) >>'])],
      ['JavaScript name tree with lower-case escapes', handWritten('/Names << /J#61v#61Script 4 0 R >>', ['<< /Names [] >>'])],
      ['additional actions on a page', handWritten('', ['<< /Type /Page /Parent 2 0 R /AA << /O << /S /SubmitForm /F (https://example.com) >> >> >>'])],
      ['embedded file', handWritten('/Names << /EmbeddedFiles << /Names [(a.exe) 4 0 R] >> >>', ['<< /Type /Filespec /F (a.exe) >>'])],
      ['XFA form', handWritten('/AcroForm << /Fields [] /XFA 4 0 R >>', ['<< /Length 0 >>\nstream\n\nendstream'])],
    ];
    for (const [name, bytes] of cases) {
      const e = await refusal(bytes);
      expect([e.status, e.code], name).toEqual([400, 'unsupported_file']);
      expect(e.message, name).toMatch(/^PDFs containing scripts/);
    }
  });

  it('refuses encrypted and unreadable PDFs with a message a person can act on', async () => {
    const encrypted = handWritten('', ['<< /Filter /Standard /V 2 /R 3 /Length 128 /P -4 /O <00> /U <00> >>'], '/Encrypt 4 0 R /ID [<01> <01>]');
    expect((await refusal(encrypted)).message).toMatch(/^This PDF is password-protected or encrypted/);
    const garbled = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Kids [ ] \nendobj\n%%EOF\n');
    const e = await refusal(garbled);
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/^This PDF could not be read|^PDFs containing/);
  });
});
