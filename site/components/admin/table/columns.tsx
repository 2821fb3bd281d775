/**
 * Column definitions of the admin table, with one typed renderer per kind of value: money (AED from
 * bigint fils strings), date and date-time (UAE time), status badge, person (name + email) and link.
 * A screen lists its columns; the table does the rest.
 *
 *   const columns = [
 *     col.person('name', 'Name', (u) => ({ name: u.fullName, email: u.email }), { sort: 'lastName' }),
 *     col.status('kyc', 'Verification', (u) => u.kycStatus, { tones: { approved: 'brand' } }),
 *     col.money('balance', 'Wallet', (u) => u.balance),
 *     col.dateTime('createdAt', 'Joined', (u) => u.createdAt, { sort: 'createdAt' }),
 *   ];
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { statusLabel } from '../data';
import { formatDate, formatDateTime, isoOrRaw } from '../format';
import { Amount } from '../ledger/parts';
import { Badge } from '../ui';

export type Tone = 'neutral' | 'brand' | 'sand' | 'warning' | 'success' | 'danger';

export type AdminColumn<T> = {
  id: string;
  header: string;
  /** The list contract's sort field: the header becomes a sort button. */
  sort?: string;
  /** The direction a first click sorts by (dates and amounts start with the newest or largest). */
  sortFirst?: 'asc' | 'desc';
  align?: 'left' | 'right' | 'center';
  /** Extra classes of the body cells. */
  className?: string;
  /** Extra classes of the header cell (e.g. 'sr-only' for an actions column). */
  headerClassName?: string;
  cell: (row: T) => ReactNode;
};

type Options = Partial<Pick<AdminColumn<unknown>, 'sort' | 'sortFirst' | 'align' | 'className' | 'headerClassName'>>;

const missing = (
  <span className="text-slate-400">
    <span aria-hidden="true">—</span>
    <span className="sr-only">None</span>
  </span>
);

export function MoneyCell({ value, strong }: { value: string | number | bigint | null | undefined; strong?: boolean }) {
  if (value === null || value === undefined || value === '') return missing;
  return <Amount value={value} className={strong ? 'font-medium text-ink' : undefined} />;
}

export function DateCell({ value, withTime }: { value: string | null | undefined; withTime?: boolean }) {
  if (!value) return missing;
  return (
    <time dateTime={isoOrRaw(value)} className="whitespace-nowrap tabular-nums text-slate-600">
      {withTime ? formatDateTime(value) : formatDate(value)}
    </time>
  );
}

export function StatusCell({ value, label, tone = 'neutral' }: { value: string | null | undefined; label?: string; tone?: Tone }) {
  if (!value) return missing;
  return <Badge tone={tone}>{label ?? statusLabel(value)}</Badge>;
}

export type Person = { name: string | null | undefined; email?: string | null; detail?: ReactNode; href?: string };

export function PersonCell({ person }: { person: Person }) {
  return (
    <span className="block min-w-0">
      {person.href ? (
        <Link href={person.href} className="block font-medium text-brand-800 hover:underline">
          {person.name || person.email}
        </Link>
      ) : (
        <span className="block font-medium text-ink">{person.name || <span className="font-normal text-slate-400">Name not given</span>}</span>
      )}
      {person.email ? (
        <a href={`mailto:${person.email}`} className="block text-xs text-slate-500 [overflow-wrap:anywhere] hover:text-brand-800 hover:underline">
          {person.email}
        </a>
      ) : null}
      {person.detail ? <span className="block text-xs text-slate-500">{person.detail}</span> : null}
    </span>
  );
}

export type LinkValue = { href: string; label: ReactNode; /** What a screen reader hears after the label, e.g. ': open Aisha Khan'. */ srDetail?: string } | null;

export function LinkCell({ link }: { link: LinkValue }) {
  if (!link) return missing;
  const body = (
    <>
      {link.label}
      {link.srDetail ? <span className="sr-only">{link.srDetail}</span> : null}
    </>
  );
  // Back-office paths are client-routed; anything else (an API file, another site) is a plain link.
  return link.href.startsWith('/admin') ? (
    <Link href={link.href} className="font-medium text-brand-800 hover:underline">
      {body}
    </Link>
  ) : (
    <a href={link.href} className="font-medium text-brand-800 hover:underline">
      {body}
    </a>
  );
}

export const col = {
  /** Any content. */
  custom<T>(id: string, header: string, cell: (row: T) => ReactNode, opts: Options = {}): AdminColumn<T> {
    return { id, header, cell, ...opts };
  },
  text<T>(id: string, header: string, get: (row: T) => string | number | null | undefined, opts: Options & { mono?: boolean } = {}): AdminColumn<T> {
    const { mono, ...rest } = opts;
    return {
      id,
      header,
      cell: (row) => {
        const v = get(row);
        return v === null || v === undefined || v === '' ? missing : <span className={mono ? 'font-mono text-xs text-slate-600' : undefined}>{v}</span>;
      },
      ...rest,
    };
  },
  /** AED from fils (a bigint, or its JSON string), right-aligned with tabular figures. */
  money<T>(id: string, header: string, get: (row: T) => string | number | bigint | null | undefined, opts: Options & { strong?: boolean } = {}): AdminColumn<T> {
    const { strong, ...rest } = opts;
    return { id, header, align: 'right', sortFirst: 'desc', cell: (row) => <MoneyCell value={get(row)} strong={strong} />, ...rest };
  },
  date<T>(id: string, header: string, get: (row: T) => string | null | undefined, opts: Options = {}): AdminColumn<T> {
    return { id, header, sortFirst: 'desc', cell: (row) => <DateCell value={get(row)} />, ...opts };
  },
  dateTime<T>(id: string, header: string, get: (row: T) => string | null | undefined, opts: Options = {}): AdminColumn<T> {
    return { id, header, sortFirst: 'desc', className: 'whitespace-nowrap', cell: (row) => <DateCell value={get(row)} withTime />, ...opts };
  },
  /** A badge: its label from `labels` (or 'not_started' → 'Not started'), its tone from `tones`. */
  status<T>(
    id: string,
    header: string,
    get: (row: T) => string | null | undefined,
    opts: Options & { labels?: Partial<Record<string, string>>; tones?: Partial<Record<string, Tone>> | ((value: string) => Tone) } = {},
  ): AdminColumn<T> {
    const { labels, tones, ...rest } = opts;
    return {
      id,
      header,
      cell: (row) => {
        const v = get(row);
        const tone = !v ? undefined : typeof tones === 'function' ? tones(v) : tones?.[v];
        return <StatusCell value={v} label={v ? labels?.[v] : undefined} tone={tone} />;
      },
      ...rest,
    };
  },
  person<T>(id: string, header: string, get: (row: T) => Person, opts: Options = {}): AdminColumn<T> {
    return { id, header, cell: (row) => <PersonCell person={get(row)} />, ...opts };
  },
  link<T>(id: string, header: string, get: (row: T) => LinkValue, opts: Options = {}): AdminColumn<T> {
    return { id, header, cell: (row) => <LinkCell link={get(row)} />, ...opts };
  },
};
