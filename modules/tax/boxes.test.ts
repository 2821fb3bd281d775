import { describe, expect, it } from 'vitest';
import { EMIRATE_BOX, EMIRATES, taxLinesFor, vatFor } from './contract';

describe('VAT per line and the VAT 201 box each document line feeds', () => {
  it('charges 5% half-even on standard lines and nothing on the others', () => {
    expect(vatFor(10_000n, 'standard')).toBe(500n);
    expect(vatFor(10n, 'standard')).toBe(0n); // 0.5 fils rounds to even 0
    expect(vatFor(30n, 'standard')).toBe(2n); // 1.5 → 2
    for (const code of ['zero', 'exempt', 'out_of_scope', 'reverse_charge', 'import'] as const) expect(vatFor(123_456n, code)).toBe(0n);
  });

  it('sales: standard and reverse charge by emirate (1a–1g), zero in 4, exempt in 5, out of scope nowhere; a credit note is negative', () => {
    for (const emirate of EMIRATES) {
      expect(taxLinesFor('sales', { taxCode: 'standard', net: 100_000n, vat: 5_000n, emirate })).toEqual([
        { box: EMIRATE_BOX[emirate], direction: 'output', taxCode: 'standard', emirate, taxable: 100_000n, vat: 5_000n },
      ]);
    }
    expect(taxLinesFor('sales', { taxCode: 'zero', net: 7n, vat: 0n, emirate: 'dubai' })[0]).toMatchObject({ box: '4', vat: 0n });
    expect(taxLinesFor('sales', { taxCode: 'exempt', net: 7n, vat: 0n, emirate: 'dubai' })[0]).toMatchObject({ box: '5', vat: 0n });
    expect(taxLinesFor('sales', { taxCode: 'out_of_scope', net: 7n, vat: 0n, emirate: 'dubai' })).toEqual([]);
    expect(taxLinesFor('sales', { taxCode: 'standard', net: 100n, vat: 5n, emirate: 'sharjah' }, -1)).toEqual([
      { box: '1c', direction: 'output', taxCode: 'standard', emirate: 'sharjah', taxable: -100n, vat: -5n },
    ]);
  });

  it('purchases: standard in box 9; reverse charge in 3 and 10, imports in 6 and 10, with the same self-accounted VAT; the rest unreported', () => {
    expect(taxLinesFor('purchases', { taxCode: 'standard', net: 200_000n, vat: 10_000n, emirate: 'dubai' })).toEqual([
      { box: '9', direction: 'input', taxCode: 'standard', emirate: 'dubai', taxable: 200_000n, vat: 10_000n },
    ]);
    const rc = taxLinesFor('purchases', { taxCode: 'reverse_charge', net: 80_000n, vat: 0n, emirate: 'dubai' });
    expect(rc.map((l) => [l.box, l.direction, l.taxable, l.vat])).toEqual([
      ['3', 'output', 80_000n, 4_000n],
      ['10', 'input', 80_000n, 4_000n],
    ]);
    expect(taxLinesFor('purchases', { taxCode: 'import', net: 80_000n, vat: 0n, emirate: 'dubai' }, -1).map((l) => [l.box, l.vat])).toEqual([
      ['6', -4_000n],
      ['10', -4_000n],
    ]);
    for (const code of ['zero', 'exempt', 'out_of_scope'] as const) expect(taxLinesFor('purchases', { taxCode: code, net: 1n, vat: 0n, emirate: 'dubai' })).toEqual([]);
  });
});
