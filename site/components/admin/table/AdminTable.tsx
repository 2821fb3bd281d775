/**
 * The one admin table: every back-office list is this component fed with column definitions
 * (./columns.tsx) and the list's endpoint on the one list contract (modules/platform/list.ts).
 *
 * - Search, sort, filters and page live in the admin route's query string (./use-list-state.ts).
 * - Data comes through TanStack Query with keys from ./query-keys.ts (fetched by site/lib/api.ts).
 * - TanStack Table (headless, manual sorting) turns the columns and rows into the header and body;
 *   the markup is a real <table> with a caption, sort buttons in the headers and aria-sort on them.
 * - The CSV button downloads `<endpoint>/export?<the same query>`: the whole filtered set, from the server.
 * - The result count is announced politely; loading shows skeleton rows, errors the API's message
 *   with a retry, and an empty result says what matched nothing and offers to clear the filters.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { rowSortingFeature, tableFeatures, useTable, type ColumnDef, type RowData, type SortingState, type Updater } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, Download, RefreshCw } from 'lucide-react';
import { Fragment, useCallback, useMemo, type ComponentType, type ReactNode } from 'react';
import { exportUrl, type ListResult } from '@modules/platform/list';
import { Button, Card, EmptyState, cx } from '../ui';
import type { AdminColumn } from './columns';
import { Pager } from './pager';
import { adminListKeys } from './query-keys';
import { ErrorState, SkeletonRows } from './states';
import { FilterControls, SearchBox, filterDefaultsOf, filterKeysOf, type FilterDef } from './toolbar';
import { useListState } from './use-list-state';
import { apiQuery, ariaSortFor, isFiltered, nextSort, type ListStateSpec } from './url-state';

const features = tableFeatures({ rowSortingFeature });

type IconType = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;

export type AdminTableProps<T, Extra extends object = object> = {
  /** The list's API path, e.g. '/api/admin/users'. */
  endpoint: string;
  /** The table's caption (read by screen readers; also its region name). */
  caption: string;
  columns: readonly AdminColumn<T>[];
  rowKey: (row: T) => string;
  /** [singular, plural], e.g. ['account', 'accounts']. */
  noun: [string, string];
  /** The search box's placeholder (what it searches); false for a list without search. */
  search: { placeholder: string; label?: string } | false;
  filters?: readonly FilterDef[];
  /** The sort when the URL names none ('-createdAt'); leave out when the list has no sort of its own. */
  defaultSort?: string;
  defaultLimit?: number;
  /** Whether the list has `<endpoint>/export` (default true). */
  exportable?: boolean;
  /** Prefix of this table's URL keys when a route shows two lists ('outbox.'). */
  urlPrefix?: string;
  /** What shows when the list has nothing at all (no search, no filter). */
  empty: { icon?: IconType; title: string; body: ReactNode };
  minWidth?: number;
  /** A row shown under a record (details), or null. */
  detailRow?: (row: T) => ReactNode;
  /** Above the table, inside the card, with the page's result (e.g. a notice about a link filter). */
  above?: (result: (ListResult<T> & Partial<Extra>) | undefined) => ReactNode;
  /** Outside the card, above it (e.g. totals over the filtered set). */
  summary?: (result: (ListResult<T> & Partial<Extra>) | undefined) => ReactNode;
  /** More toolbar buttons (left of Refresh and Export). */
  actions?: ReactNode;
};

function SortIcon({ sort }: { sort: 'ascending' | 'descending' | 'none' | undefined }) {
  const Icon = sort === 'ascending' ? ArrowUp : sort === 'descending' ? ArrowDown : ArrowUpDown;
  return <Icon className={cx('h-3.5 w-3.5 shrink-0', sort === 'none' && 'text-slate-300')} aria-hidden="true" />;
}

export function AdminTable<T extends RowData, Extra extends object = object>(props: AdminTableProps<T, Extra>) {
  const { endpoint, caption, columns, rowKey, noun, filters = [], exportable = true } = props;
  const filterKeys = useMemo(() => filterKeysOf(filters), [filters]);
  const filterDefaults = useMemo(() => filterDefaultsOf(filters), [filters]);
  const sortValues = useMemo(() => columns.flatMap((c) => (c.sort ? [c.sort, `-${c.sort}`] : [])), [columns]);
  const spec = useMemo<ListStateSpec>(
    () => ({
      filterKeys,
      filterDefaults,
      defaultSort: props.defaultSort,
      defaultLimit: props.defaultLimit,
      sortValues: props.defaultSort ? [...sortValues, props.defaultSort] : sortValues,
      prefix: props.urlPrefix,
    }),
    [filterKeys, filterDefaults, props.defaultSort, props.defaultLimit, sortValues, props.urlPrefix],
  );
  const { state, update, clear } = useListState(spec);
  const params = useMemo(() => apiQuery(state), [state]);
  const list = useQuery<ListResult<T> & Partial<Extra>>({ queryKey: adminListKeys.page(endpoint, params), placeholderData: keepPreviousData });

  const sorting = useMemo<SortingState>(() => {
    const field = state.sort.replace(/^-/, '');
    const column = columns.find((c) => c.sort === field);
    return column ? [{ id: column.id, desc: state.sort.startsWith('-') }] : [];
  }, [state.sort, columns]);

  const onSortingChange = useCallback(
    (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const chosen = next[0];
      const column = chosen && columns.find((c) => c.id === chosen.id);
      if (!column?.sort) return;
      update({ sort: chosen.desc ? `-${column.sort}` : column.sort });
    },
    [sorting, columns, update],
  );

  // The server sorts (manualSorting); the accessor is only there because TanStack sorts accessor columns.
  const defs = useMemo<ColumnDef<typeof features, T>[]>(
    () => columns.map((c) => ({ id: c.id, header: c.header, accessorFn: () => null, enableSorting: Boolean(c.sort), sortDescFirst: c.sortFirst === 'desc', cell: (ctx) => c.cell(ctx.row.original) })),
    [columns],
  );
  const items = list.data?.items;
  const data = useMemo(() => items ?? [], [items]);
  const table = useTable({
    features,
    columns: defs,
    data,
    getRowId: (row) => rowKey(row),
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: { sorting },
    onSortingChange,
  });

  const total = list.data?.total ?? 0;
  const filtered = isFiltered(state, spec);
  const filterCount = Object.entries(state.filters).filter(([k, v]) => v !== (filterDefaults[k] ?? '')).length;
  const word = (n: number) => (n === 1 ? noun[0] : noun[1]);
  const rows = table.getRowModel().rows;
  const pastTheEnd = Boolean(list.data && rows.length === 0 && total > 0);

  let announcement = '';
  if (list.isPending) announcement = `Loading ${noun[1]}…`;
  else if (list.isError) announcement = `Couldn't load ${noun[1]}.`;
  else if (list.data) announcement = total === 0 ? (filtered ? `No ${noun[1]} match.` : `No ${noun[1]} yet.`) : `${total.toLocaleString('en-US')} ${word(total)}${filtered ? ' match' : ''}.`;

  let instead: ReactNode = null;
  if (list.isError) instead = <ErrorState error={list.error} what={noun[1]} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (pastTheEnd)
    instead = (
      <EmptyState title={`No ${noun[1]} on this page`} action={<Button onClick={() => update({ offset: 0 })}>Go to the first page</Button>}>
        This page is past the last of the {total.toLocaleString('en-US')} {word(total)}.
      </EmptyState>
    );
  else if (list.data && total === 0)
    instead = filtered ? (
      <EmptyState title={`No ${noun[1]} match ${state.q ? `“${state.q}”` : 'these filters'}`} action={<Button onClick={clear}>Clear search and filters</Button>}>
        {state.q && filterCount > 0 ? 'Nothing matches the search together with the filters.' : 'Try other words, or clear the search and filters.'}
      </EmptyState>
    ) : (
      <EmptyState icon={props.empty.icon} title={props.empty.title}>
        {props.empty.body}
      </EmptyState>
    );

  const showRows = !list.isError && rows.length > 0;
  return (
    <>
      {props.summary?.(list.data)}
      <Card className="mt-6 overflow-hidden">
        <div role="group" aria-label={`Search and filter ${noun[1]}`} className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:flex-wrap sm:items-end">
          {props.search ? (
            <SearchBox value={state.q} onSettle={(q) => update({ q }, { replace: true })} label={props.search.label ?? 'Search'} placeholder={props.search.placeholder} />
          ) : null}
          <FilterControls filters={filters} values={state.filters} onChange={(change) => update({ filters: change })} />
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            {props.actions}
            <Button icon={RefreshCw} onClick={() => void list.refetch()} disabled={list.isFetching}>
              {list.isFetching && !list.isPending ? 'Refreshing…' : 'Refresh'}
            </Button>
            {exportable ? (
              <a
                href={exportUrl(endpoint, Object.fromEntries(params))}
                download
                aria-disabled={total === 0 || undefined}
                onClick={(e) => total === 0 && e.preventDefault()}
                className={cx(
                  'inline-flex items-center justify-center gap-2 rounded-lg px-3.5 py-2 text-sm font-medium shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                  total === 0 ? 'cursor-not-allowed bg-brand-800/45 text-white' : 'bg-brand-800 text-white hover:bg-brand-900',
                )}
              >
                <Download className="h-4 w-4" aria-hidden="true" />
                Export CSV<span className="sr-only">{` of ${total.toLocaleString('en-US')} ${word(total)}`}</span>
              </a>
            ) : null}
          </div>
        </div>
        {props.above?.(list.data)}
        <p aria-live="polite" role="status" className="sr-only">
          {announcement}
        </p>
        <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={caption} aria-busy={list.isFetching || undefined}>
          <table className={cx('w-full border-collapse text-left text-sm', list.isPlaceholderData && 'opacity-60')} style={{ minWidth: props.minWidth ?? 720 }}>
            <caption className="sr-only">{caption}</caption>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id} className="border-b border-slate-200 bg-slate-50/70">
                  {group.headers.map((header) => {
                    const c = columns.find((x) => x.id === header.column.id)!;
                    const sort = ariaSortFor(state.sort, c.sort);
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={sort}
                        className={cx(
                          'whitespace-nowrap px-4 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-500',
                          c.align === 'right' && 'text-right',
                          c.align === 'center' && 'text-center',
                          c.headerClassName,
                        )}
                      >
                        {header.column.getCanSort() ? (
                          <button
                            type="button"
                            onClick={header.column.getToggleSortingHandler()}
                            className={cx(
                              'inline-flex items-center gap-1 rounded uppercase tracking-wide hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                              sort !== 'none' && 'text-ink',
                              c.align === 'right' && 'flex-row-reverse',
                            )}
                          >
                            {c.header}
                            <SortIcon sort={sort} />
                            <span className="sr-only">{sort === 'none' ? ', sort' : `, sorted ${sort}; sort ${nextSort(state.sort, c.sort!, c.sortFirst).startsWith('-') ? 'descending' : 'ascending'}`}</span>
                          </button>
                        ) : (
                          c.header
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            {list.isPending ? (
              <tbody>
                <SkeletonRows columns={columns.length} />
              </tbody>
            ) : showRows ? (
              <tbody className="divide-y divide-slate-100">
                {rows.map((row) => {
                  const detail = props.detailRow?.(row.original);
                  return (
                    <Fragment key={row.id}>
                      <tr className="align-top hover:bg-slate-50/70">
                        {row.getAllCells().map((cell) => {
                          const c = columns.find((x) => x.id === cell.column.id)!;
                          return (
                            <td key={cell.id} className={cx('px-4 py-3', c.align === 'right' && 'text-right', c.align === 'center' && 'text-center', c.className)}>
                              <table.FlexRender cell={cell} />
                            </td>
                          );
                        })}
                      </tr>
                      {detail ? (
                        <tr className="bg-slate-50/70">
                          <td colSpan={columns.length} className="px-4 pb-4 pt-1">
                            {detail}
                          </td>
                        </tr>
                      ) : null}
                    </Fragment>
                  );
                })}
              </tbody>
            ) : null}
          </table>
        </div>
        {instead}
        {list.data && total > 0 && !list.isError ? (
          <Pager
            offset={state.offset}
            limit={state.limit}
            count={rows.length}
            total={total}
            label={`${noun[1].charAt(0).toUpperCase()}${noun[1].slice(1)} pages`}
            busy={list.isFetching}
            onOffset={(offset) => update({ offset })}
            onLimit={(limit) => update({ limit }, { replace: true })}
          />
        ) : null}
      </Card>
    </>
  );
}
