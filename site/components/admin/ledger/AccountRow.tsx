/** One row of the chart of accounts tree grid, with its icon actions (edit, add beneath, archive, restore, delete, ledger). */
import { useId, type KeyboardEvent } from 'react';
import { Archive, ArchiveRestore, BookOpen, ChevronRight, Pencil, Plus, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import { toast } from '@site/lib/stores/toast';
import { Badge, cx } from '../ui';
import { Amount } from './parts';
import { type TreeRow } from './tree';
import { typeTone, typeSingular } from './account-labels';

export function AccountRow({
  row,
  expanded,
  active,
  balance,
  balanceKnown,
  busy,
  onFocusRow,
  onKeyDown,
  onToggle,
  onEdit,
  onAddChild,
  onArchive,
  onRestore,
  onDelete,
  archiveBlocker,
  deleteBlocker,
}: {
  row: TreeRow;
  expanded: boolean;
  active: boolean;
  balance: bigint | undefined;
  balanceKnown: boolean;
  busy: boolean;
  onFocusRow: () => void;
  onKeyDown: (e: KeyboardEvent<HTMLTableRowElement>) => void;
  onToggle: () => void;
  onEdit: () => void;
  onAddChild: () => void;
  onArchive: () => void;
  onRestore: () => void;
  onDelete: () => void;
  archiveBlocker: string | null;
  deleteBlocker: string | null;
}) {
  const a = row.account;
  const tab = active ? 0 : -1;
  return (
    <tr
      role="row"
      data-code={a.code}
      tabIndex={tab}
      aria-level={row.level}
      aria-posinset={row.posinset}
      aria-setsize={row.setsize}
      aria-expanded={row.hasChildren ? expanded : undefined}
      aria-selected={active}
      onFocus={onFocusRow}
      onKeyDown={onKeyDown}
      className={cx('outline-none focus-visible:bg-brand-50/60 focus-visible:shadow-[inset_3px_0_0_var(--color-brand-600)]', a.archived && 'text-slate-400', a.isGroup && 'bg-slate-50/40')}
    >
      <td role="gridcell" className="px-4 py-2.5">
        <div className="flex items-center gap-1.5" style={{ paddingLeft: `${(row.level - 1) * 1.25}rem` }}>
          {row.hasChildren ? (
            <span
              aria-hidden="true"
              onClick={onToggle}
              className="grid h-6 w-6 shrink-0 cursor-pointer place-items-center rounded text-slate-500 hover:bg-slate-200/70 hover:text-ink"
            >
              <ChevronRight className={cx('h-4 w-4 transition-transform', expanded && 'rotate-90')} />
            </span>
          ) : (
            <span aria-hidden="true" className="w-6 shrink-0" />
          )}
          <span className={cx('font-mono text-xs', a.archived ? 'text-slate-400' : 'text-sand-700')}>{a.code}</span>
          <span className="min-w-0">
            <span className={cx('block', a.isGroup ? 'font-semibold text-ink' : a.archived ? '' : 'text-slate-800')}>
              {a.name}
              {a.archived ? (
                <span className="ml-2 align-middle">
                  <Badge>Archived</Badge>
                </span>
              ) : null}
            </span>
            <span className="block text-xs text-slate-500 md:hidden">
              {typeSingular[a.type]} · {a.isGroup ? 'group' : 'posting'}
            </span>
          </span>
        </div>
      </td>
      <td role="gridcell" className="hidden px-4 py-2.5 md:table-cell">
        <Badge tone={typeTone[a.type]}>{typeSingular[a.type]}</Badge>
      </td>
      <td role="gridcell" className="hidden px-4 py-2.5 text-slate-600 md:table-cell">
        {a.isGroup ? 'Group' : 'Posting'}
      </td>
      <td role="gridcell" className={cx('whitespace-nowrap px-4 py-2.5 text-right', a.isGroup && 'font-semibold')}>
        {balanceKnown ? <Amount value={balance ?? 0n} blankZero={!a.isGroup} /> : <span className="text-slate-300">…</span>}
      </td>
      <td role="gridcell" className="px-4 py-1.5">
        <div className="flex justify-end gap-0.5">
          {!a.isGroup ? (
            <IconLink href={`/admin/erp/accounting-ledger?account=${encodeURIComponent(a.code)}`} label={`Open the ledger of ${a.code} ${a.name}`} tabIndex={tab} icon={BookOpen} />
          ) : null}
          {a.isGroup && !a.archived ? <IconAction label={`Add an account under ${a.code} ${a.name}`} icon={Plus} onClick={onAddChild} tabIndex={tab} /> : null}
          <IconAction label={`Edit ${a.code} ${a.name}`} icon={Pencil} onClick={onEdit} tabIndex={tab} />
          {a.archived ? (
            <IconAction label={`Restore ${a.code} ${a.name}`} icon={ArchiveRestore} onClick={onRestore} tabIndex={tab} busy={busy} />
          ) : (
            <IconAction label={`Archive ${a.code} ${a.name}`} icon={Archive} onClick={onArchive} tabIndex={tab} busy={busy} unavailable={archiveBlocker} />
          )}
          <IconAction label={`Delete ${a.code} ${a.name}`} icon={Trash2} onClick={onDelete} tabIndex={tab} unavailable={deleteBlocker} danger />
        </div>
      </td>
    </tr>
  );
}

type Icon = typeof Pencil;

function IconAction({ label, icon: I, onClick, tabIndex, unavailable, busy, danger }: { label: string; icon: Icon; onClick: () => void; tabIndex: number; unavailable?: string | null; busy?: boolean; danger?: boolean }) {
  const tipId = useId();
  return (
    <span className="group relative inline-flex">
      <button
        type="button"
        tabIndex={tabIndex}
        aria-label={label}
        aria-disabled={unavailable || busy ? true : undefined}
        aria-describedby={unavailable ? tipId : undefined}
        onClick={(e) => {
          e.stopPropagation();
          // On touch screens there is no hover: say why here too.
          if (unavailable) toast({ title: `${label}: not available`, description: unavailable, variant: 'warning' });
          else if (!busy) onClick();
        }}
        className={cx(
          'grid h-8 w-8 place-items-center rounded-lg focus-visible:outline-2 focus-visible:outline-brand-500',
          unavailable || busy ? 'cursor-not-allowed text-slate-300' : danger ? 'text-slate-500 hover:bg-red-50 hover:text-red-700' : 'text-slate-500 hover:bg-slate-100 hover:text-ink',
        )}
      >
        <I className={cx('h-4 w-4', busy && 'animate-pulse')} aria-hidden="true" />
      </button>
      <span
        id={unavailable ? tipId : undefined}
        role={unavailable ? 'tooltip' : undefined}
        aria-hidden={unavailable ? undefined : true}
        className="pointer-events-none invisible absolute right-0 top-full z-30 mt-1 w-64 rounded-lg bg-ink px-3 py-2 text-left text-xs font-normal leading-snug text-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {unavailable ?? label}
      </span>
    </span>
  );
}

function IconLink({ href, label, icon: I, tabIndex }: { href: string; label: string; icon: Icon; tabIndex: number }) {
  return (
    <span className="group relative inline-flex">
      <Link href={href} tabIndex={tabIndex} aria-label={label} className="grid h-8 w-8 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500">
        <I className="h-4 w-4" aria-hidden="true" />
      </Link>
      <span aria-hidden="true" className="pointer-events-none invisible absolute right-0 top-full z-30 mt-1 w-56 rounded-lg bg-ink px-3 py-2 text-left text-xs leading-snug text-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
        {label}
      </span>
    </span>
  );
}
