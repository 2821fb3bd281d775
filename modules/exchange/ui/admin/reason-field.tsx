/**
 * The reason an admin gives for a halt, a resume or a cancelled order: required, at most 300
 * characters, kept in the audit log. Its error is announced with the field.
 */
import { useId } from 'react';
import { REASON_MAX, REASON_MIN } from './shared';

export const reasonMissing = (reason: string) => reason.trim().length < REASON_MIN;

export function ReasonField({ value, onChange, error, label = 'Reason' }: { value: string; onChange: (v: string) => void; error: string | null; label?: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label} <span className="text-slate-400">(required, kept in the audit log)</span>
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={3}
        maxLength={REASON_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-count`}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-500"
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-count`} className="mt-1 text-xs text-slate-500">
          {value.trim().length}/{REASON_MAX} characters
        </p>
      )}
    </div>
  );
}
