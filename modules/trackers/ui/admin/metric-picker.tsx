/** Choosing a metric from the catalogue: a search box over label, key and description, the metrics grouped as radios. */
import { useId, useMemo, useState } from 'react';
import { Field } from '@site/components/admin/ledger/parts';
import { unitLabels, type MetricJson } from '../../contract';

export function MetricPicker({ metrics, value, onChange, error }: { metrics: MetricJson[]; value: string; onChange: (key: string) => void; error?: string }) {
  const [q, setQ] = useState('');
  const name = useId();
  const errorId = `${name}-error`;
  const groups = useMemo(() => {
    const words = q.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const shown = metrics.filter((m) => words.every((w) => `${m.label} ${m.key} ${m.group} ${m.description}`.toLowerCase().includes(w)));
    const byGroup = new Map<string, MetricJson[]>();
    for (const m of shown) byGroup.set(m.group, [...(byGroup.get(m.group) ?? []), m]);
    return [...byGroup];
  }, [metrics, q]);
  return (
    <div className="sm:col-span-2">
      <Field label="Find a metric" type="search" value={q} onChange={setQ} placeholder="Sign-ups, deposits, AUM, an account…" />
      <fieldset className="mt-2 max-h-64 overflow-y-auto rounded-lg border border-slate-200" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
        <legend className="sr-only">Metric</legend>
        {groups.length === 0 ? <p className="p-3 text-sm text-slate-600">No metric matches “{q}”.</p> : null}
        {groups.map(([group, list]) => (
          <div key={group} role="group" aria-label={group}>
            <p className="sticky top-0 bg-slate-50 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{group}</p>
            {list.map((m) => (
              <label key={m.key} className="flex cursor-pointer items-start gap-2 px-3 py-2 text-sm hover:bg-slate-50">
                <input type="radio" name={name} value={m.key} checked={value === m.key} onChange={() => onChange(m.key)} className="mt-1" />
                <span>
                  <span className="block font-medium text-ink">
                    {m.label} <span className="text-xs font-normal text-slate-500">({unitLabels[m.unit]})</span>
                  </span>
                  <span className="block text-xs text-slate-600">{m.description}</span>
                </span>
              </label>
            ))}
          </div>
        ))}
      </fieldset>
      {error ? (
        <p id={errorId} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
