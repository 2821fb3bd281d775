import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError, badRequest, errorStatus, isErrorCode, notFound } from './errors';

const root = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Codes that deliberately answer two statuses: the addressed resource (404) vs a referenced one (422), and a wrong MFA code at sign-in (401) vs at enrolment (400). */
const TWO_STATUSES: Record<string, number[]> = { cost_center_not_found: [404, 422], invalid_code: [400, 401] };

describe('one list of error codes', () => {
  it('derives the status from the code, or keeps an explicit one', () => {
    const short = new AppError('kyc_required', 'Verify your identity first.', { link: '/kyc' });
    expect([short.status, short.code, short.message, short.details]).toEqual([422, 'kyc_required', 'Verify your identity first.', { link: '/kyc' }]);
    const long = new AppError(409, 'kyc_locked', 'Locked.');
    expect([long.status, long.code]).toEqual([409, 'kyc_locked']);
    expect(badRequest('No.').toJSON()).toEqual({ message: 'No.', error: 'bad_request' });
    expect(notFound().status).toBe(404);
    expect(isErrorCode('nul_byte')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
  });

  it('every code is snake_case and maps to a 4xx or 5xx', () => {
    for (const [code, status] of Object.entries(errorStatus)) {
      expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(status).toBeGreaterThanOrEqual(400);
    }
  });

  it('every literal (status, code) pair thrown in the source agrees with the table', () => {
    const helper: Record<string, number> = { badRequest: 400, notFound: 404, conflict: 409, unprocessable: 422 };
    const disagreements: string[] = [];
    let seen = 0;
    for (const file of sourceFiles(join(root, 'modules')).concat(sourceFiles(join(root, 'api')))) {
      const src = readFileSync(file, 'utf8');
      const pairs = [
        ...[...src.matchAll(/new AppError\(\s*(\d{3}),\s*'([a-z0-9_]+)'/g)].map((m) => [Number(m[1]), m[2]] as const),
        ...[...src.matchAll(/\bfail\(\s*(\d{3}),\s*'([a-z0-9_]+)'/g)].map((m) => [Number(m[1]), m[2]] as const),
        ...[...src.matchAll(/\b(badRequest|notFound|conflict|unprocessable)\((?:[^()]|\([^()]*\))*?,\s*'([a-z0-9_]+)'\s*[,)]/g)].map((m) => [helper[m[1]], m[2]] as const),
      ];
      for (const [status, code] of pairs) {
        seen++;
        const allowed = TWO_STATUSES[code] ?? [errorStatus[code as keyof typeof errorStatus]];
        if (!allowed.includes(status)) disagreements.push(`${file.slice(root.length + 1)}: ${status} ${code} (table: ${allowed.join('/')})`);
      }
    }
    expect(seen).toBeGreaterThan(100);
    expect(disagreements).toEqual([]);
  });
});
