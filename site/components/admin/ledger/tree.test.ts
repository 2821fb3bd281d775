import { describe, expect, it } from 'vitest';
import { branchCodes, buildAccountTree, filterTree, rollUpBalances, treeKey, visibleRows } from './tree';
import type { AccountJson } from './types';

const acc = (code: string, name: string, type: AccountJson['type'], parent: string | null, isGroup = false, archived = false): AccountJson => ({
  id: code,
  code,
  name,
  type,
  parent,
  isGroup,
  archived,
  cashFlow: null,
  description: '',
});

// Deliberately out of order: the tree sorts by code.
const chart = [
  acc('2000', 'Liabilities', 'liability', null, true),
  acc('1110', 'Emirates NBD operating account', 'asset', '1100'),
  acc('1000', 'Assets', 'asset', null, true),
  acc('1100', 'Cash and bank', 'asset', '1000', true),
  acc('1130', 'Petty cash', 'asset', '1100', false, true),
  acc('2100', 'Investor client money', 'liability', '2000', true),
  acc('2100-MZ-ABC234', 'Omar Saleh (MZ-ABC234)', 'liability', '2100'),
  acc('1310', 'Fees receivable', 'asset', '1999'), // parent missing: shown as a root
];

describe('account tree', () => {
  it('nests accounts under their parents in code order', () => {
    const roots = buildAccountTree(chart);
    expect(roots.map((r) => r.account.code)).toEqual(['1000', '1310', '2000']);
    expect(roots[0]!.children[0]!.children.map((c) => c.account.code)).toEqual(['1110', '1130']);
    expect(branchCodes(roots)).toEqual(['1000', '1100', '2000', '2100']);
  });

  it('shows children only under expanded branches, with level and position', () => {
    const roots = buildAccountTree(chart);
    expect(visibleRows(roots, new Set()).map((r) => r.account.code)).toEqual(['1000', '1310', '2000']);
    const rows = visibleRows(roots, new Set(['1000', '1100']));
    expect(rows.map((r) => [r.account.code, r.level, r.posinset, r.setsize])).toEqual([
      ['1000', 1, 1, 3],
      ['1100', 2, 1, 1],
      ['1110', 3, 1, 2],
      ['1130', 3, 2, 2],
      ['1310', 1, 2, 3],
      ['2000', 1, 3, 3],
    ]);
  });

  it('filters to matches and keeps the path to them', () => {
    const roots = filterTree(buildAccountTree(chart), (a) => a.name.toLowerCase().includes('omar'));
    expect(visibleRows(roots, new Set(branchCodes(roots))).map((r) => r.account.code)).toEqual(['2000', '2100', '2100-MZ-ABC234']);
    // A matching group keeps its branch, so "cash" shows what sits under Cash and bank.
    const cash = filterTree(buildAccountTree(chart), (a) => a.name.toLowerCase().includes('cash and'));
    expect(visibleRows(cash, new Set(branchCodes(cash))).map((r) => r.account.code)).toEqual(['1000', '1100', '1110', '1130']);
    expect(filterTree(buildAccountTree(chart), () => false)).toEqual([]);
  });

  it('rolls balances up into groups in each type’s natural sign', () => {
    const roots = buildAccountTree(chart);
    const balances = rollUpBalances(
      roots,
      new Map([
        ['1110', 500_000n],
        ['1130', 2_500n],
        ['2100-MZ-ABC234', -300_000n], // a credit balance on a liability
      ]),
    );
    expect(balances.get('1100')).toBe(502_500n);
    expect(balances.get('1000')).toBe(502_500n);
    expect(balances.get('2100-MZ-ABC234')).toBe(300_000n);
    expect(balances.get('2000')).toBe(300_000n);
  });

  it('moves with the arrow keys the way a tree grid does', () => {
    const roots = buildAccountTree(chart);
    let expanded = new Set<string>();
    let rows = visibleRows(roots, expanded);
    // → on a closed branch opens it and stays.
    let r = treeKey('ArrowRight', rows, '1000', expanded)!;
    expect(r.active).toBe('1000');
    expect([...r.expanded]).toEqual(['1000']);
    expanded = r.expanded;
    rows = visibleRows(roots, expanded);
    // → again steps into the first child; ↓ moves on; ← on a leaf goes to its parent.
    r = treeKey('ArrowRight', rows, '1000', expanded)!;
    expect(r.active).toBe('1100');
    expect(treeKey('ArrowDown', rows, '1100', expanded)!.active).toBe('1310');
    expect(treeKey('ArrowLeft', rows, '1100', expanded)!.active).toBe('1000');
    // ← on an open branch closes it.
    r = treeKey('ArrowLeft', rows, '1000', expanded)!;
    expect(r.expanded.has('1000')).toBe(false);
    expect(treeKey('End', rows, '1000', expanded)!.active).toBe('2000');
    expect(treeKey('Home', rows, '2000', expanded)!.active).toBe('1000');
    expect(treeKey('ArrowUp', rows, '1000', expanded)!.active).toBe('1000');
    expect(treeKey('x', rows, '1000', expanded)).toBeNull();
  });
});
