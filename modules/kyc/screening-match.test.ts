import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MATCH_THRESHOLD, parseScreeningCsv } from './screening-contract';
import { dateAdjustment, jaroWinkler, nameSimilarity, nameTokens, scoreCandidate } from './screening-match';

const score = (a: string, b: string) => nameSimilarity(nameTokens(a), nameTokens(b));
const candidate = (name: string, extra: Partial<{ dateOfBirth: string; nationality: string; aliases: string[] }> = {}) => ({
  names: [name, ...(extra.aliases ?? [])].map((text) => ({ text, tokens: nameTokens(text) })),
  dateOfBirth: extra.dateOfBirth ?? null,
  nationality: extra.nationality ?? null,
  category: 'sanctions' as const,
});

describe('nameTokens', () => {
  it('folds case, diacritics and punctuation, and drops Arabic name particles', () => {
    expect(nameTokens('Abd al-Rahman bin Saʿīd AL-QURASHI')).toEqual(['abd', 'rahman', 'said', 'kurashi']);
    expect(nameTokens("Ma'mun El Hassan ibn Ali")).toEqual(['mamun', 'hasan', 'ali']);
    expect(nameTokens('Zoë Łukasz-Müller')).toEqual(['zoe', 'lukasz', 'muler']);
  });
  it('writes Abdul/Abdel/Abd al- names and Muhammad the same way', () => {
    const forms = ['Abdulrahman', 'Abdul Rahman', 'Abd al-Rahman', 'Abdel Rahman', 'Abd-ur-Rahman', 'Abdurrahman'];
    for (const f of forms) expect(nameTokens(f), f).toEqual(['abd', 'rahman']);
    for (const f of ['Mohammed', 'Muhammad', 'Mohamed', 'Mohammad', 'Mohd']) expect(nameTokens(f), f).toEqual(['muhamad']);
    expect(nameTokens('Abdullah')).toEqual(nameTokens('Abdallah'));
  });
});

describe('jaroWinkler', () => {
  it('gives the textbook values', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 2);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
  });
  it('is symmetric and within 0…1', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        const x = jaroWinkler(a, b);
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(1);
        expect(Math.abs(x - jaroWinkler(b, a))).toBeLessThan(1e-9);
      }),
    );
  });
});

describe('nameSimilarity', () => {
  it('matches regardless of token order, particles and transliteration', () => {
    expect(score('Karim Al-Mirqadi', 'Mirqadi, Karim')).toBe(1);
    expect(score('Kareem Mirqadi', 'Karim Al-Mirqadi')).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    expect(score('Muhammad Karaboyunlu', 'Mehmet Karaboyunlu')).toBe(1);
    expect(score('Nikolay Vetrogradskiy', 'Nikolai Vetrogradsky')).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    expect(score('Abdel Wahid El Sharqawi', 'Abdulwahid El-Sharqawin')).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
  });
  it('does not match different people who share one name', () => {
    expect(score('Karim Haddad', 'Karim Al-Mirqadi')).toBeLessThan(MATCH_THRESHOLD);
    expect(score('Omar Rahman', 'Salim Abdelqadirun')).toBeLessThan(0.5);
    // One word against a full name is weak evidence.
    expect(score('Karim', 'Karim Al-Mirqadi')).toBeLessThan(MATCH_THRESHOLD);
  });
  it('scores a name against itself 1, whatever the name', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-z]{2,10}$/), { minLength: 1, maxLength: 4 }), (parts) => {
        const name = parts.join(' ');
        if (nameTokens(name).length === 0) return;
        expect(score(name, name)).toBeCloseTo(1, 9);
        expect(score(name, [...parts].reverse().join(' '))).toBeCloseTo(1, 9);
      }),
    );
  });
});

describe('date of birth and nationality', () => {
  it('raise the score when they agree and lower it when they differ', () => {
    const listed = candidate('Kareem Mirqadi', { dateOfBirth: '1968-04-12', nationality: 'AE' });
    const tokens = nameTokens('Karim Mirqadi');
    const none = scoreCandidate({ tokens }, listed).score;
    const same = scoreCandidate({ tokens, dateOfBirth: '1968-04-12', nationality: 'AE' }, listed);
    const other = scoreCandidate({ tokens, dateOfBirth: '1990-01-01', nationality: 'GB' }, listed);
    expect(same.score).toBeGreaterThan(none);
    expect(same.reasons).toEqual(['date of birth matches', 'nationality matches']);
    expect(other.score).toBeLessThan(MATCH_THRESHOLD);
    expect(none).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    expect(other.reasons).toContain('date of birth differs');
  });
  it('reads a year-only date of birth', () => {
    expect(dateAdjustment('1975-06-01', '1975').delta).toBeGreaterThan(0);
    expect(dateAdjustment('1976-06-01', '1975').delta).toBe(0);
    expect(dateAdjustment('1990-06-01', '1975').delta).toBeLessThan(0);
  });
  it('matches on an alias and says which', () => {
    const listed = candidate('Yusuf Darbandikhan', { aliases: ['Abu Yahya', 'Yousef Darbandi-Khan'] });
    const r = scoreCandidate({ tokens: nameTokens('Yusuf Darbandi Khan') }, listed);
    expect(r.matchedOn).toBe('Yousef Darbandi-Khan');
    expect(r.score).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
  });
});

describe('parseScreeningCsv', () => {
  it('reads columns in any order, aliases, country names and year-only dates', () => {
    const csv = 'Category,Name,Aliases,Nationality,Date of birth,Reference\nPEP,"Doe, Jane",J. Doe; Janet Doe|JD Smith,United Arab Emirates,1970,R-1\nsanctions,Karim X,,ae,1968-04-12,\n\n';
    const { entries, errors } = parseScreeningCsv(csv);
    expect(errors).toEqual([]);
    expect(entries).toEqual([
      { line: 2, name: 'Doe, Jane', aliases: ['J. Doe', 'Janet Doe', 'JD Smith'], dateOfBirth: '1970', nationality: 'AE', category: 'pep', reference: 'R-1' },
      { line: 3, name: 'Karim X', aliases: [], dateOfBirth: '1968-04-12', nationality: 'AE', category: 'sanctions', reference: null },
    ]);
  });
  it('reports every bad field with its line', () => {
    const csv = 'name,category,date_of_birth,nationality\nGood Name,pep,,\n,pep,,\nBad Date,sanctions,1974-02-30,\nBad Country,pep,,Atlantis\nBad Category,terrorist,,\nToo,many,fields,here,extra';
    const { entries, errors } = parseScreeningCsv(csv);
    expect(entries).toHaveLength(1);
    expect(errors.map((e) => [e.line, e.column ?? null])).toEqual([
      [3, 'name'],
      [4, 'date_of_birth'],
      [5, 'nationality'],
      [6, 'category'],
      [7, null],
    ]);
  });
  it('rejects a header without the required columns or with unknown ones', () => {
    expect(parseScreeningCsv('full_name,category\nA B,pep').errors.map((e) => e.message).join(' ')).toMatch(/Unknown column "full_name".*needs the column name/);
    expect(parseScreeningCsv('').errors[0].message).toMatch(/empty/);
    expect(parseScreeningCsv('name,category\n').errors[0].message).toMatch(/empty/);
  });
});
