import { describe, expect, it } from 'vitest';
import { csvFilename, escapeCsvCell, toCsv } from './csv';
import { messagesCsvColumns, waitlistCsvColumns, type ContactMessage, type WaitlistEntry } from './data';

describe('escapeCsvCell', () => {
  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(escapeCsvCell('plain')).toBe('plain');
    expect(escapeCsvCell('Haddad, Layla')).toBe('"Haddad, Layla"');
    expect(escapeCsvCell('She said "hi"')).toBe('"She said ""hi"""');
    expect(escapeCsvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(escapeCsvCell(' padded ')).toBe('" padded "');
  });

  it('neutralises spreadsheet formulas typed by the public', () => {
    expect(escapeCsvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(escapeCsvCell('+971 50 123 4567')).toBe("'+971 50 123 4567");
    expect(escapeCsvCell('-1')).toBe("'-1");
    expect(escapeCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeCsvCell(-1)).toBe('-1'); // real numbers stay numbers
  });

  it('writes nothing for missing values', () => {
    expect(escapeCsvCell(null)).toBe('');
    expect(escapeCsvCell(undefined)).toBe('');
  });
});

describe('toCsv', () => {
  it('writes a header row and one CRLF-terminated row per record, in column order', () => {
    const rows: WaitlistEntry[] = [
      { id: '1', email: 'layla@example.ae', name: 'Layla Haddad', interest: 'sip', createdAt: '2025-03-14T05:30:00.000Z' },
      { id: '2', email: 'omar@example.ae', name: null, interest: null, createdAt: '2025-03-15T10:00:00Z' },
    ];
    expect(toCsv(waitlistCsvColumns, rows)).toBe(
      'Name,Email,Interest,Joined (UTC)\r\n' +
        'Layla Haddad,layla@example.ae,A monthly SIP from AED 200,2025-03-14T05:30:00.000Z\r\n' +
        ',omar@example.ae,,2025-03-15T10:00:00.000Z\r\n',
    );
  });

  it('exports only the header when nothing is shown', () => {
    expect(toCsv(waitlistCsvColumns, [])).toBe('Name,Email,Interest,Joined (UTC)\r\n');
  });

  it('labels message topics and keeps multi-line messages in one quoted cell', () => {
    const m: ContactMessage = {
      id: 'a',
      name: 'Aisha Karim',
      email: 'aisha@example.com',
      topic: 'verification',
      message: 'My passport upload failed.\nCan you help?',
      status: 'new',
      createdAt: '2025-03-14T05:30:00.000Z',
    };
    const csv = toCsv(messagesCsvColumns, [m]);
    expect(csv.split('\r\n')[0]).toBe('Received (UTC),Name,Email,Topic,Status,Message');
    expect(csv).toContain('Aisha Karim,aisha@example.com,Identity verification (KYC),New,"My passport upload failed.\nCan you help?"\r\n');
  });
});

describe('csvFilename', () => {
  it('names the file after the list and the UTC date', () => {
    expect(csvFilename('waitlist', new Date('2025-03-14T23:30:00Z'))).toBe('manzil-waitlist-2025-03-14.csv');
  });
});
