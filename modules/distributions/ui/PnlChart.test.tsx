// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { PnlChart } from './PnlChart';
import { blankMonth, M1 } from './test-fixtures';

afterEach(cleanup);

const paid = (distributed: string) => ({
  ...blankMonth(M1),
  rent: '1750000',
  totalCosts: '362333',
  netIncome: '1387667',
  reserve: '138767',
  distributable: '1248900',
  distributed,
  status: 'paid' as const,
});

it('shows what a paid month did not pay out when only part of the shares were held', () => {
  render(<PnlChart months={[paid('247')]} caption="Where the rent went" />);
  const summary = screen.getByRole('img').getAttribute('aria-label')!;
  expect(summary).toContain('to investors AED 2.47');
  expect(summary).toContain('not paid out AED 12,486.53');
  expect(screen.getByText('Not paid out (unsold shares)')).toBeTruthy();
});

it('leaves that part out when everything distributable was paid', () => {
  render(<PnlChart months={[paid('1248900')]} caption="Where the rent went" />);
  expect(screen.getByRole('img').getAttribute('aria-label')).toContain('to investors AED 12,489.00');
  expect(screen.queryByText('Not paid out (unsold shares)')).toBeNull();
});
