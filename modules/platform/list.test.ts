import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { csvField, csvLine, csvResponse, foldText } from '@api/list';
import { parseCsv } from '@tests/helpers/admin-session';
import { exportUrl, LIST_LIMIT_DEFAULT, listQuery, parseSort } from './list';

const schema = listQuery({ sort: ['createdAt', 'email'], defaultSort: '-createdAt', sortAliases: { newest: '-createdAt' }, filters: { role: z.enum(['admin', 'investor']).optional() } });

describe('the list query', () => {
  it('defaults: no search, the default sort, 50 rows from the start', () => {
    expect(schema.parse({})).toEqual({ q: undefined, sort: '-createdAt', limit: LIST_LIMIT_DEFAULT, offset: 0 });
  });

  it('reads query-string values and trims the search; a blank search is no search', () => {
    expect(schema.parse({ q: '  Aïsha  ', sort: 'email', limit: '200', offset: '60', role: 'admin' })).toEqual({ q: 'Aïsha', sort: 'email', limit: 200, offset: 60, role: 'admin' });
    expect(schema.parse({ q: '   ' }).q).toBeUndefined();
    expect(schema.parse({ sort: '-email' }).sort).toBe('-email');
    expect(schema.parse({ sort: 'newest' }).sort).toBe('-createdAt');
  });

  it.each([['0'], ['201'], ['-1'], ['abc'], ['1.5'], [''], ['1e2']])('refuses limit=%s', (limit) => {
    const r = schema.safeParse({ limit });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('limit must be a whole number from 1 to 200.');
  });

  it('refuses a negative or non-numeric offset, an unknown sort field, an overlong search, a bad filter', () => {
    expect(schema.safeParse({ offset: '-1' }).success).toBe(false);
    expect(schema.safeParse({ offset: 'x' }).success).toBe(false);
    const sort = schema.safeParse({ sort: 'password' });
    expect(sort.error?.issues[0]?.message).toBe('sort must be one of: createdAt, -createdAt, email, -email.');
    expect(schema.safeParse({ sort: '--email' }).success).toBe(false);
    expect(schema.safeParse({ q: 'x'.repeat(201) }).success).toBe(false);
    expect(schema.safeParse({ q: 'x'.repeat(200) }).success).toBe(true);
    expect(schema.safeParse({ role: 'root' }).success).toBe(false);
  });

  it('parses a sort into field and direction', () => {
    expect(parseSort('createdAt')).toEqual({ field: 'createdAt', direction: 'asc' });
    expect(parseSort('-createdAt')).toEqual({ field: 'createdAt', direction: 'desc' });
  });

  it('builds the export URL of the same query without paging', () => {
    expect(exportUrl('/api/admin/users', { q: 'aïsha', sort: '-createdAt', limit: 50, offset: 100, role: '' })).toBe('/api/admin/users/export?q=a%C3%AFsha&sort=-createdAt');
    expect(exportUrl('/api/admin/users/', {})).toBe('/api/admin/users/export');
  });
});

describe('search folding', () => {
  it('lowers case and removes accents as the SQL does', () => {
    expect(foldText('Aïsha')).toBe('aisha');
    expect(foldText('ÉLODIE Ørsted Łukasz Çelik')).toBe('elodie orsted lukasz celik');
    expect(foldText('MZ-4F7K2Q')).toBe('mz-4f7k2q');
  });
});

describe('CSV cells', () => {
  it('neutralises formulas in text', () => {
    expect(csvField('=HYPERLINK("http://evil.example","click")')).toBe(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvField('a=b')).toBe('a=b');
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvField('Khan, Aïsha')).toBe('"Khan, Aïsha"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r\nlf')).toBe('"cr\r\nlf"');
    expect(csvField('plain')).toBe('plain');
  });

  it('writes numbers, dates, booleans and empty values plainly', () => {
    expect(csvLine([-2, 15n, true, null, undefined, new Date('2026-01-02T03:04:05Z')])).toBe('-2,15,true,,,2026-01-02T03:04:05.000Z\r\n');
  });
});

describe('csvResponse', () => {
  it('streams a header row and every row with CRLF line ends, as an attachment', async () => {
    async function* rows() {
      yield ['Aïsha', '=1+1'];
      yield ['a,b', 'line\nbreak'];
    }
    const res = csvResponse('users list 2026.csv', ['Name', 'Note'], rows());
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="users-list-2026.csv"');
    const text = await res.text();
    expect(text).toBe(`Name,Note\r\nAïsha,'=1+1\r\n"a,b","line\nbreak"\r\n`);
    expect(parseCsv(text)).toEqual([['Name', 'Note'], ['Aïsha', "'=1+1"], ['a,b', 'line\nbreak']]);
  });

  it('streams many rows without building them all first', async () => {
    let produced = 0;
    function* rows() {
      for (let i = 0; i < 5000; i++) {
        produced++;
        yield [i, `row ${i}`];
      }
    }
    const res = csvResponse('big', ['n', 'label'], rows());
    const reader = res.body!.getReader();
    await reader.read();
    expect(produced).toBeLessThan(5000);
    let text = '';
    const decoder = new TextDecoder();
    for (let r = await reader.read(); !r.done; r = await reader.read()) text += decoder.decode(r.value, { stream: true });
    expect(produced).toBe(5000);
    expect(text.endsWith('4999,row 4999\r\n')).toBe(true);
  });
});
