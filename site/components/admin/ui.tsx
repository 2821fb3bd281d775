/**
 * The back office's building blocks: screen intro, buttons (with an explained unavailable state),
 * toolbars, tables with an honest empty state, stat cards and sections. Calm, quiet, keyboard-friendly.
 */
import { createContext, useContext, useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Search } from 'lucide-react';

type IconType = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;

export const cx = (...parts: (string | false | null | undefined)[]) => parts.filter(Boolean).join(' ');

/** The line under the title: what this screen is for, and its primary actions. */
export function ScreenIntro({ description, actions }: { description: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 border-b border-slate-200 pb-6 md:flex-row md:items-end md:justify-between">
      <p className="max-w-3xl text-[15px] leading-relaxed text-slate-600">{description}</p>
      {actions ? <div className="flex flex-wrap gap-2 md:shrink-0 md:justify-end">{actions}</div> : null}
    </div>
  );
}

const buttonBase =
  'inline-flex items-center justify-center gap-2 rounded-lg px-3.5 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';
const buttonVariant = {
  primary: 'bg-brand-800 text-white shadow-sm hover:bg-brand-900',
  secondary: 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
  ghost: 'text-slate-600 hover:bg-slate-100 hover:text-ink',
};
const buttonUnavailable = {
  primary: 'bg-brand-800/45 text-white cursor-not-allowed',
  secondary: 'border border-slate-200 bg-slate-50 text-slate-400 cursor-not-allowed',
  ghost: 'text-slate-400 cursor-not-allowed',
};

/**
 * Why the screen on show is read only for this staff account (its role may read it but not change it), or null.
 * The admin shell provides it; under it every primary button — the screens' actions — shows as unavailable with
 * this reason, unless it only reads (`readAllowed`: try again, export). The server refuses the change regardless.
 */
export const ReadOnlyContext = createContext<string | null>(null);

type ButtonProps = {
  children: ReactNode;
  variant?: keyof typeof buttonVariant;
  icon?: IconType;
  onClick?: () => void;
  type?: 'button' | 'submit';
  /**
   * Why the action can't run here. The button stays focusable (aria-disabled) so keyboard and
   * screen-reader users reach the explanation, which shows as a tooltip on hover and focus.
   */
  unavailable?: string;
  disabled?: boolean;
  className?: string;
  /** Full width below 640 px (form footers). */
  stretch?: boolean;
  /** A primary button that changes nothing (try again, export): it stays usable on a read-only screen. */
  readAllowed?: boolean;
};

export function Button({ children, variant = 'secondary', icon: Icon, onClick, type = 'button', unavailable: why, disabled, className, stretch, readAllowed }: ButtonProps) {
  const tipId = useId();
  const readOnly = useContext(ReadOnlyContext);
  const unavailable = why ?? (variant === 'primary' && !readAllowed ? readOnly : null);
  if (unavailable) {
    return (
      <span className={cx('group relative', stretch ? 'flex w-full sm:inline-flex sm:w-auto' : 'inline-flex')}>
        <button
          type="button"
          aria-disabled="true"
          aria-describedby={tipId}
          onClick={(e) => e.preventDefault()}
          className={cx(buttonBase, buttonUnavailable[variant], stretch && 'w-full', className)}
        >
          {Icon ? <Icon className="h-4 w-4" aria-hidden="true" /> : null}
          {children}
        </button>
        <span
          id={tipId}
          role="tooltip"
          className="pointer-events-none invisible absolute right-0 top-full z-30 mt-2 w-64 rounded-lg bg-ink px-3 py-2 text-xs leading-snug font-normal text-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
        >
          {unavailable}
        </span>
      </span>
    );
  }
  return (
    <button type={type} onClick={onClick} disabled={disabled} className={cx(buttonBase, buttonVariant[variant], 'disabled:cursor-not-allowed disabled:opacity-50', stretch && 'w-full sm:w-auto', className)}>
      {Icon ? <Icon className="h-4 w-4" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** A client-routed link styled as a button. */
export function ButtonLink({ href, children, variant = 'secondary', icon: Icon }: { href: string; children: ReactNode; variant?: keyof typeof buttonVariant; icon?: IconType }) {
  return (
    <Link href={href} className={cx(buttonBase, buttonVariant[variant])}>
      {Icon ? <Icon className="h-4 w-4" aria-hidden="true" /> : null}
      {children}
    </Link>
  );
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cx('rounded-xl border border-slate-200 bg-white', className)}>{children}</div>;
}

/** A titled block of a screen (h2), optionally with its own actions. */
export function Section({ title, description, actions, children, className }: { title: string; description?: ReactNode; actions?: ReactNode; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cx('mt-8', className)}>
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="text-lg font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
            {title}
          </h2>
          {description ? <p className="mt-0.5 text-sm text-slate-500">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

export function Toolbar({ children, label = 'Filters' }: { children: ReactNode; label?: string }) {
  return (
    <div role="group" aria-label={label} className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:flex-wrap sm:items-end">
      {children}
    </div>
  );
}

export function SearchField({ label, value, onChange, placeholder }: { label: string; value: string; onChange: (v: string) => void; placeholder?: string }) {
  const id = useId();
  return (
    <div className="min-w-0 flex-1 sm:min-w-56">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <input
          id={id}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          className="w-full rounded-lg border border-slate-300 bg-white py-2 pl-9 pr-3 text-sm text-ink placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
        />
      </div>
    </div>
  );
}

export type Option = { value: string; label: string };

export function SelectField({ label, value, onChange, options, className }: { label: string; value: string; onChange: (v: string) => void; options: Option[]; className?: string }) {
  const id = useId();
  return (
    <div className={cx('min-w-0 sm:w-48', className)}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="w-full rounded-lg border border-slate-300 bg-white py-2 pl-3 pr-8 text-sm text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export type Column = { key: string; label: string; align?: 'left' | 'right' | 'center'; className?: string };

/**
 * A table with its real column headers. With no rows it keeps the headers and shows the empty
 * state in the body, so the screen reads as what it will list.
 */
export function DataTable({
  caption,
  columns,
  children,
  empty,
  minWidth = 720,
}: {
  caption: string;
  columns: Column[];
  /** <tr> rows; omit or pass an empty array for the empty state. */
  children?: ReactNode;
  empty?: ReactNode;
  minWidth?: number;
}) {
  const hasRows = Array.isArray(children) ? children.length > 0 : Boolean(children);
  return (
    <>
      <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
        <table className="w-full border-collapse text-left text-sm" style={{ minWidth }}>
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-200 bg-slate-50/70">
              {columns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  className={cx(
                    'whitespace-nowrap px-4 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-500',
                    c.align === 'right' && 'text-right',
                    c.align === 'center' && 'text-center',
                    c.className,
                  )}
                >
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          {hasRows ? <tbody className="divide-y divide-slate-100">{children}</tbody> : null}
        </table>
      </div>
      {/* Outside the scrolling table, so the message stays in view on narrow screens. */}
      {hasRows ? null : empty}
    </>
  );
}

export function EmptyState({ icon: Icon, title, children, action }: { icon?: IconType; title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center px-6 py-14 text-center">
      {Icon ? (
        <div className="mb-4 grid h-12 w-12 place-items-center rounded-full bg-sand-50 text-sand-600 ring-1 ring-sand-200">
          <Icon className="h-5 w-5" aria-hidden="true" />
        </div>
      ) : null}
      <p className="text-base font-semibold text-ink">{title}</p>
      {children ? <p className="mt-1.5 max-w-md text-sm leading-relaxed text-slate-500">{children}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}

/** A table inside a card, with an optional toolbar above it: the standard list layout. */
export function ListCard({ toolbar, children, footer }: { toolbar?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <Card className="mt-6 overflow-hidden">
      {toolbar}
      {children}
      {footer}
    </Card>
  );
}

/** A key figure. `value` undefined renders an em dash with the hint explaining why there is no figure. */
export function StatCard({ label, value, hint, icon: Icon }: { label: string; value?: ReactNode; hint?: ReactNode; icon?: IconType }) {
  return (
    <Card className="p-5">
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-slate-500">{label}</p>
        {Icon ? <Icon className="h-4 w-4 text-sand-500" aria-hidden="true" /> : null}
      </div>
      <p className="mt-2 text-2xl font-semibold tracking-tight text-ink tabular-nums" style={{ fontFamily: 'var(--font-display)' }}>
        {value ?? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">No figure yet</span>
          </>
        )}
      </p>
      {hint ? <p className="mt-1 text-xs leading-snug text-slate-500">{hint}</p> : null}
    </Card>
  );
}

export function StatGrid({ children }: { children: ReactNode }) {
  return <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">{children}</div>;
}

const badgeTone = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  brand: 'bg-brand-50 text-brand-800 ring-brand-200',
  sand: 'bg-sand-50 text-sand-700 ring-sand-200',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  danger: 'bg-red-50 text-red-800 ring-red-200',
};

export function Badge({ children, tone = 'neutral' }: { children: ReactNode; tone?: keyof typeof badgeTone }) {
  return <span className={cx('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', badgeTone[tone])}>{children}</span>;
}

/** A read-only definition list (settings, reference data). */
export function DefinitionList({ items }: { items: { term: ReactNode; detail: ReactNode }[] }) {
  return (
    <dl className="divide-y divide-slate-100">
      {items.map((it, i) => (
        <div key={i} className="grid gap-1 px-5 py-3.5 sm:grid-cols-3 sm:gap-4">
          <dt className="text-sm font-medium text-slate-600">{it.term}</dt>
          <dd className="text-sm text-ink sm:col-span-2">{it.detail}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Cards that link to other screens (ERP overview, module hubs). */
export function LinkCards({ items }: { items: { href: string; title: string; description: string; icon?: IconType }[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {items.map(({ href, title, description, icon: Icon }) => (
        <li key={href}>
          <Link
            href={href}
            className="group flex h-full gap-4 rounded-xl border border-slate-200 bg-white p-5 transition hover:border-brand-300 hover:shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            {Icon ? (
              <span className="grid h-10 w-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                <Icon className="h-5 w-5" aria-hidden="true" />
              </span>
            ) : null}
            <span>
              <span className="block font-semibold text-ink group-hover:text-brand-800">{title}</span>
              <span className="mt-1 block text-sm leading-snug text-slate-500">{description}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Why an action can't run in this back office: the service behind it isn't wired to it. */
export const notConnected = (service: string) => `${service} isn't connected to the back office yet, so this can't be done from here.`;

export type FilterSpec = { label: string; options: string[]; all?: string };

/**
 * The standard list for records this back office doesn't have a data source for yet: real toolbar,
 * real column headers, and an empty state that says plainly what will appear and why it is empty.
 */
export function RecordList({
  caption,
  columns,
  search,
  filters = [],
  empty,
  minWidth,
}: {
  caption: string;
  columns: Column[];
  /** Placeholder of the search box, e.g. 'Investor name or reference'. */
  search?: string;
  filters?: FilterSpec[];
  empty: { icon?: IconType; title: string; body: ReactNode; action?: ReactNode };
  minWidth?: number;
}) {
  const [query, setQuery] = useState('');
  const [values, setValues] = useState<string[]>(() => filters.map(() => ''));
  return (
    <ListCard
      toolbar={
        search || filters.length ? (
          <Toolbar label={`Filter ${caption.toLowerCase()}`}>
            {search ? <SearchField label="Search" value={query} onChange={setQuery} placeholder={search} /> : null}
            {filters.map((f, i) => (
              <SelectField
                key={f.label}
                label={f.label}
                value={values[i] ?? ''}
                onChange={(v) => setValues((prev) => prev.map((p, j) => (j === i ? v : p)))}
                options={[{ value: '', label: f.all ?? 'All' }, ...f.options.map((o) => ({ value: o, label: o }))]}
              />
            ))}
          </Toolbar>
        ) : undefined
      }
    >
      <DataTable
        caption={caption}
        columns={columns}
        minWidth={minWidth}
        empty={
          <EmptyState icon={empty.icon} title={empty.title} action={empty.action}>
            {empty.body}
          </EmptyState>
        }
      />
    </ListCard>
  );
}

/** Links that look like tabs and change the URL; the current one carries aria-current="page". */
export function TabLinks({ label, tabs, current }: { label: string; tabs: { href: string; title: string; key: string }[]; current: string }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    // Keep the current tab in view when the strip scrolls sideways (narrow screens).
    const nav = ref.current;
    const el = nav?.querySelector<HTMLElement>('[aria-current]');
    if (!nav || !el) return;
    const left = el.getBoundingClientRect().left - nav.getBoundingClientRect().left + nav.scrollLeft;
    if (left < nav.scrollLeft || left + el.offsetWidth > nav.scrollLeft + nav.clientWidth) nav.scrollLeft = left - 16;
  }, [current]);
  return (
    <nav ref={ref} aria-label={label} className="relative -mx-4 mt-6 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-slate-200 xl:min-w-0 xl:flex-wrap">
        {tabs.map((t) => {
          const active = t.key === current;
          return (
            <li key={t.key}>
              <Link
                href={t.href}
                aria-current={active ? 'page' : undefined}
                className={cx(
                  '-mb-px inline-flex whitespace-nowrap border-b-2 px-3 py-2.5 text-sm transition-colors',
                  active ? 'border-brand-700 font-semibold text-brand-900' : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-ink',
                )}
              >
                {t.title}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
