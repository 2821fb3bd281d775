import { expect, it } from 'vitest';
import { errorStatus } from '@api/errors';
import * as platform from '@modules/platform/contract';
import { BASE } from '@tests/helpers/http';
it('the tsconfig path aliases resolve under Vitest (@api, @modules, @tests)', () => {
  expect(errorStatus.nul_byte).toBe(400);
  expect(Object.keys(platform).length).toBeGreaterThan(0);
  expect(BASE).toBe('http://localhost');
});
