/**
 * The chart of accounts as a tree: built from the flat list (each account names its parent's code),
 * filtered without losing the path to a match, flattened into the rows a tree grid shows, with group
 * balances rolled up from their posting accounts, and the tree grid's arrow-key moves.
 */
import { DEBIT_NORMAL } from '@modules/ledger/contract';
import type { AccountJson } from './types';

export type TreeNode = { account: AccountJson; children: TreeNode[] };
export type TreeRow = { account: AccountJson; level: number; hasChildren: boolean; parent: string | null; posinset: number; setsize: number };

/** Roots in code order; an account whose parent isn't in the list becomes a root. */
export function buildAccountTree(accounts: readonly AccountJson[]): TreeNode[] {
  const sorted = [...accounts].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const nodes = new Map(sorted.map((a) => [a.code, { account: a, children: [] as TreeNode[] }]));
  const roots: TreeNode[] = [];
  for (const a of sorted) {
    const node = nodes.get(a.code)!;
    const parent = a.parent && a.parent !== a.code ? nodes.get(a.parent) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Keeps the accounts that match and every ancestor on the way to them; a matching group keeps its whole branch. */
export function filterTree(roots: TreeNode[], matches: (a: AccountJson) => boolean): TreeNode[] {
  const out: TreeNode[] = [];
  for (const n of roots) {
    if (matches(n.account)) out.push(n);
    else {
      const children = filterTree(n.children, matches);
      if (children.length) out.push({ account: n.account, children });
    }
  }
  return out;
}

/** The rows on screen: children only under expanded accounts. */
export function visibleRows(roots: TreeNode[], expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (nodes: TreeNode[], level: number, parent: string | null) => {
    nodes.forEach((n, i) => {
      rows.push({ account: n.account, level, hasChildren: n.children.length > 0, parent, posinset: i + 1, setsize: nodes.length });
      if (n.children.length && expanded.has(n.account.code)) walk(n.children, level + 1, n.account.code);
    });
  };
  walk(roots, 1, null);
  return rows;
}

/** Codes of every account that has children (to expand all). */
export function branchCodes(roots: TreeNode[]): string[] {
  const out: string[] = [];
  const walk = (nodes: TreeNode[]) => {
    for (const n of nodes) {
      if (n.children.length) {
        out.push(n.account.code);
        walk(n.children);
      }
    }
  };
  walk(roots);
  return out;
}

/**
 * Balances in each account's natural sign (debit-normal assets and expenses as debit − credit, the
 * rest as credit − debit), groups as the sum of everything beneath them.
 */
export function rollUpBalances(roots: TreeNode[], netDebit: ReadonlyMap<string, bigint>): Map<string, bigint> {
  const out = new Map<string, bigint>();
  const walk = (n: TreeNode): bigint => {
    const own = netDebit.get(n.account.code) ?? 0n;
    const natural = DEBIT_NORMAL.includes(n.account.type) ? own : -own;
    const total = n.children.reduce((s, c) => s + walk(c), natural);
    out.set(n.account.code, total);
    return total;
  };
  roots.forEach(walk);
  return out;
}

export type TreeKeyResult = { active: string; expanded: Set<string> } | null;

/**
 * The tree grid's keys (WAI-ARIA treegrid, row focus): ↑/↓ move, → opens a closed branch or steps into
 * it, ← closes an open branch or steps out to the parent, Home/End jump to the first/last row,
 * * opens every sibling branch. Returns null for keys it doesn't handle.
 */
export function treeKey(key: string, rows: TreeRow[], active: string, expanded: ReadonlySet<string>): TreeKeyResult {
  const i = Math.max(0, rows.findIndex((r) => r.account.code === active));
  const row = rows[i];
  if (!row) return null;
  const next = new Set(expanded);
  const at = (j: number) => rows[Math.min(rows.length - 1, Math.max(0, j))]!.account.code;
  switch (key) {
    case 'ArrowDown':
      return { active: at(i + 1), expanded: next };
    case 'ArrowUp':
      return { active: at(i - 1), expanded: next };
    case 'Home':
      return { active: at(0), expanded: next };
    case 'End':
      return { active: at(rows.length - 1), expanded: next };
    case 'ArrowRight':
      if (!row.hasChildren) return { active, expanded: next };
      if (!expanded.has(active)) {
        next.add(active);
        return { active, expanded: next };
      }
      return { active: at(i + 1), expanded: next };
    case 'ArrowLeft':
      if (row.hasChildren && expanded.has(active)) {
        next.delete(active);
        return { active, expanded: next };
      }
      return { active: row.parent ?? active, expanded: next };
    case '*':
      for (const r of rows) if (r.parent === row.parent && r.hasChildren) next.add(r.account.code);
      return { active, expanded: next };
    default:
      return null;
  }
}
