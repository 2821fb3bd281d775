import { AppError } from './errors';

/** Deepest nesting of arrays and objects a JSON body may have. No form of ours goes past 5. */
export const MAX_JSON_DEPTH = 32;

const NUL = '\u0000';

/** PostgreSQL refuses NUL in text, and no person types one: refused once here, never a 500 later. */
export const nulByte = (where: string) =>
  new AppError('nul_byte', `The ${where} contains a NUL character (\\u0000), which is not allowed. Remove it and try again.`);

const tooDeep = () =>
  new AppError('too_deeply_nested', `The request body is nested too deeply. Send JSON at most ${MAX_JSON_DEPTH} levels deep.`);

/** Refuses a NUL byte (also percent-encoded, %00) in the path or in any query name or value. */
export function assertCleanUrl(url: string) {
  const { pathname, searchParams } = new URL(url);
  if (pathname.includes(NUL) || /%00/i.test(pathname)) throw nulByte('address');
  for (const [name, value] of searchParams) {
    if (name.includes(NUL) || value.includes(NUL)) throw nulByte('query');
  }
}

/**
 * Walks a parsed JSON body: refuses a NUL in any string (keys too) and nesting deeper than
 * MAX_JSON_DEPTH. The walk stops at that depth, so it never recurses further.
 */
export function assertCleanJson(value: unknown, depth = 0): void {
  if (typeof value === 'string') {
    if (value.includes(NUL)) throw nulByte('request body');
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= MAX_JSON_DEPTH) throw tooDeep();
  if (Array.isArray(value)) {
    for (const item of value) assertCleanJson(item, depth + 1);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL)) throw nulByte('request body');
    assertCleanJson(item, depth + 1);
  }
}
