import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';

/** Form primitives shared by the KYC and onboarding screens: a visible label, a hint and an error, all wired for screen readers. */

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-[15px] text-ink shadow-sm placeholder:text-slate-400 ' +
  'focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/25 aria-[invalid=true]:border-red-500 aria-[invalid=true]:ring-red-500/20 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500';

export const primaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-brand-800 px-5 py-2.5 text-sm font-semibold text-white shadow-sm ' +
  'hover:bg-brand-900 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600 disabled:shadow-none';

export const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-700 ' +
  'hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';

export const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900';

function describedBy(id: string, hint?: ReactNode, error?: string) {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700">
      <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" className="mt-0.5 shrink-0">
        <circle cx="12" cy="12" r="10" />
        <path d="M12 8v4M12 16h.01" />
      </svg>
      <span>{error}</span>
    </p>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  value: string;
  onValueChange: (value: string) => void;
  optional?: boolean;
};

export function TextField({ id, label, hint, error, value, onValueChange, optional, className, ...rest }: TextFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
        {optional && <span className="ml-1 font-normal text-slate-500">(optional)</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-500">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={id}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`mt-1.5 ${inputClass}`}
        {...rest}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  value: string;
  onValueChange: (value: string) => void;
  placeholder?: string;
  options: readonly { value: string; label: string }[];
};

export function SelectField({ id, label, hint, error, value, onValueChange, placeholder, options, className, ...rest }: SelectFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-500">
          {hint}
        </p>
      )}
      <select
        id={id}
        name={id}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`mt-1.5 ${inputClass} pr-9`}
        {...rest}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

type Choice = { value: string; label: string; description?: ReactNode };

/** A group of radio cards (one answer) or checkbox cards (several), inside a fieldset with a legend. */
export function ChoiceGroup({
  id,
  legend,
  hint,
  error,
  choices,
  multiple = false,
  value,
  onValueChange,
  columns = 2,
}: {
  id: string;
  legend: ReactNode;
  hint?: ReactNode;
  error?: string;
  choices: readonly Choice[];
  multiple?: boolean;
  value: string | string[];
  onValueChange: (value: string | string[]) => void;
  columns?: 1 | 2 | 3;
}) {
  const selected = Array.isArray(value) ? value : value ? [value] : [];
  const toggle = (v: string) => {
    if (!multiple) return onValueChange(v);
    onValueChange(selected.includes(v) ? selected.filter((s) => s !== v) : [...selected, v]);
  };
  const grid = columns === 1 ? 'grid-cols-1' : columns === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2';
  return (
    <fieldset id={id} aria-describedby={describedBy(id, hint, error)} aria-invalid={error ? true : undefined} tabIndex={-1} className="focus:outline-none">
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-500">
          {hint}
        </p>
      )}
      <div className={`mt-2 grid gap-2.5 ${grid}`}>
        {choices.map((c) => {
          const checked = selected.includes(c.value);
          const inputId = `${id}-${c.value}`;
          return (
            <label
              key={c.value}
              htmlFor={inputId}
              className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3.5 text-sm transition-colors focus-within:ring-2 focus-within:ring-brand-500/40 ${
                checked ? 'border-brand-500 bg-brand-50/70' : 'border-slate-200 bg-white hover:border-slate-300'
              }`}
            >
              <input
                id={inputId}
                type={multiple ? 'checkbox' : 'radio'}
                name={id}
                value={c.value}
                checked={checked}
                onChange={() => toggle(c.value)}
                className={`mt-0.5 h-4 w-4 shrink-0 accent-brand-700 ${multiple ? 'rounded' : ''}`}
              />
              <span>
                <span className="block font-medium text-ink">{c.label}</span>
                {c.description && <span className="mt-0.5 block text-slate-600">{c.description}</span>}
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/** Moves focus to the first field with an error, so keyboard and screen-reader users land on it. */
export function focusFirstError(errors: Record<string, string | undefined>, order: readonly string[]) {
  const first = order.find((k) => errors[k]);
  if (!first) return;
  window.requestAnimationFrame(() => {
    const el = document.getElementById(first);
    el?.focus();
    el?.scrollIntoView({ block: 'center' });
  });
}
