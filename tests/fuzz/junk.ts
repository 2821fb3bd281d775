/** The junk the route fuzzer sends: values a careless client, a script or an attacker would. */
export type Junk = unknown;

const nested = (depth: number): unknown => {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

/** Path parameter values, already percent-encoded where needed. */
export const junkIds: string[] = [
  'abc',
  '%00',
  'a%00b',
  '..%2F..%2Fetc%2Fpasswd',
  '../../etc',
  'x'.repeat(2_000),
  '-1',
  '0',
  '1e308',
  '18446744073709551616',
  '99999999999999999999999',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '%27%20OR%201%3D1--',
  '%F0%9F%98%80',
  '2026-13-45',
  'null',
];

/** Query values (stringified when not strings). */
export const junkQueryValues: Junk[] = [
  '',
  '\u0000',
  'abc',
  '-1',
  '1e308',
  '99999999999999999999999',
  '18446744073709551616',
  '-99999999999999999999999',
  'x'.repeat(5_000),
  'NaN',
  '2026-02-30',
  '[]',
  '{"a":1}',
  '-createdAt,;drop table users',
];

/** Values for a body field: wrong types, extremes, NUL, nesting. */
export const junkFieldValues: Junk[] = [
  null,
  true,
  0,
  -1,
  1e308,
  -1e308,
  2 ** 64,
  Number.MAX_SAFE_INTEGER + 2,
  0.1,
  '',
  ' ',
  'abc',
  '\u0000',
  'a\u0000b',
  '99999999999999999999999',
  '-99999999999999999999999',
  '1e308',
  'x'.repeat(20_000),
  [],
  [1, 'two', null],
  {},
  { nested: { deeper: ['\u0000'] } },
  '2026-02-30',
  '9999-12-31',
  '00000000-0000-0000-0000-000000000000',
  '<script>alert(1)</script>',
];

/** Whole bodies: arrays where objects are expected, scalars, deep nesting, NUL in keys. */
export const junkBodies: Junk[] = [
  {},
  [],
  null,
  'just a string',
  42,
  [{}],
  nested(40),
  nested(10),
  { '\u0000': 1 },
  { __proto__: { admin: true }, constructor: { prototype: { x: 1 } } },
  Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, i])),
];
