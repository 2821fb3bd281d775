/**
 * Small pieces shared by the accounting screens: amounts (right-aligned, tabular, negatives in
 * parentheses and read aloud as "minus"), labelled fields, a modal dialog on the native <dialog>
 * element, a confirm dialog, inline errors and a busy indicator.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { LoaderCircle, X } from 'lucide-react';
import { cx } from '../ui';
import { formatBalance, formatFils, spokenFils, toFils } from './money';

type AmountValue = bigint | string | number | null | undefined;

/** A figure in AED: two decimals, thousands separators, negatives in parentheses (read as "minus"). */
export function Amount({ value, className, blankZero }: { value: AmountValue; className?: string; blankZero?: boolean }) {
  const fils = toFils(value);
  if (blankZero && fils === 0n)
    return (
      <span className={cx('tabular-nums text-slate-300', className)}>
        <span aria-hidden="true">–</span>
        <span className="sr-only">none</span>
      </span>
    );
  if (fils < 0n) {
    return (
      <span className={cx('whitespace-nowrap tabular-nums', className)}>
        <span aria-hidden="true">{formatFils(fils)}</span>
        <span className="sr-only">{spokenFils(fils)}</span>
      </span>
    );
  }
  return <span className={cx('whitespace-nowrap tabular-nums', className)}>{formatFils(fils)}</span>;
}

/** A debit − credit balance on its side ('1,200.00 Dr'), the Dr/Cr spelled out for screen readers. */
export function Balance({ value, className }: { value: AmountValue; className?: string }) {
  const text = formatBalance(value);
  const spoken = text.replace(/ Dr$/, ' debit').replace(/ Cr$/, ' credit');
  return (
    <span className={cx('whitespace-nowrap tabular-nums', className)}>
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{spoken}</span>
    </span>
  );
}

const fieldClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-500 aria-[invalid=true]:ring-red-100';
export const inputClass = fieldClass;

/** A labelled input with an optional hint and error (announced with the field). */
export function Field({
  label,
  value,
  onChange,
  type = 'text',
  error,
  hint,
  className,
  required,
  placeholder,
  inputMode,
  list,
  maxLength,
  onBlur,
  autoFocus,
  name,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  type?: 'text' | 'date' | 'search' | 'email';
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  required?: boolean;
  placeholder?: string;
  inputMode?: 'decimal' | 'text' | 'numeric';
  list?: string;
  maxLength?: number;
  onBlur?: () => void;
  autoFocus?: boolean;
  name?: string;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cx('min-w-0', className)}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
        {required ? <span className="text-slate-400"> (required)</span> : null}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        placeholder={placeholder}
        inputMode={inputMode}
        list={list}
        maxLength={maxLength}
        autoFocus={autoFocus}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        className={fieldClass}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function Select({
  label,
  value,
  onChange,
  options,
  className,
  error,
  hint,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string; disabled?: boolean }[];
  className?: string;
  error?: string | null;
  hint?: ReactNode;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cx('min-w-0', className)}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        className={cx(fieldClass, 'pr-8')}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A server or validation problem shown where the action was taken. */
export function ErrorNote({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {title ? <p className="font-semibold">{title}</p> : null}
      <p className={title ? 'mt-0.5' : undefined}>{children}</p>
    </div>
  );
}

export function Busy({ children }: { children: ReactNode }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-600">
      <LoaderCircle className="h-4 w-4 animate-spin text-brand-700" aria-hidden="true" />
      {children}
    </span>
  );
}

/**
 * A modal on the native <dialog>: the browser keeps focus inside and Escape closes it; clicking the
 * backdrop closes it too, and focus returns to what opened it.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  wide,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** true: 48rem; 'xl': 64rem (previews with many columns). */
  wide?: boolean | 'xl';
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  const descId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement;
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    }
    if (!open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => e.target === ref.current && onClose()}
      className={cx(
        'm-auto max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl border border-slate-200 p-0 shadow-2xl backdrop:bg-ink/40',
        wide === 'xl' ? 'w-[min(64rem,calc(100vw-2rem))]' : wide ? 'w-[min(48rem,calc(100vw-2rem))]' : 'w-[min(34rem,calc(100vw-2rem))]',
      )}
    >
      {open ? (
        <div className="p-5 sm:p-7">
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <h2 id={titleId} className="text-xl font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
                {title}
              </h2>
              {description ? (
                <div id={descId} className="mt-1 text-sm leading-relaxed text-slate-600">
                  {description}
                </div>
              ) : null}
            </div>
            <button type="button" onClick={onClose} aria-label="Close" className="-mr-2 -mt-1 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500">
              <X className="h-5 w-5" aria-hidden="true" />
            </button>
          </div>
          {children ? <div className="mt-5">{children}</div> : null}
          {footer ? <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}

/** Uppercase small heading over a group of figures. */
export function Eyebrow({ children }: { children: ReactNode }) {
  return <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{children}</p>;
}
