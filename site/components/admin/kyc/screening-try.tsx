/** "Try a name": checks a name against every screening list without creating anything. */
import { useMutation } from '@tanstack/react-query';
import { Search, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { api, errorText } from '@site/lib/api';
import { COUNTRIES, countryName } from '@modules/kyc/contract';
import { scorePercent, screeningCategoryLabels, type ScreeningResult } from '@modules/kyc/screening-contract';
import { ErrorNote, Field, Select } from '../ledger/parts';
import { Badge, Button } from '../ui';
import { SCREENING_API } from './screening-upload';

export function TryAName({ threshold }: { threshold: number }) {
  const [name, setName] = useState('');
  const [dob, setDob] = useState('');
  const [nationality, setNationality] = useState('');
  const check = useMutation({
    mutationFn: () => api.post<ScreeningResult>(`${SCREENING_API}/check`, { name, dateOfBirth: dob || undefined, nationality: nationality || undefined }),
  });
  const countries = useMemo(() => [{ value: '', label: 'Not given' }, ...COUNTRIES.map(([code, n]) => ({ value: code, label: n }))], []);
  const r = check.data;
  return (
    <div>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim().length >= 2) check.mutate();
        }}
        className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.2fr)_auto] sm:items-end"
      >
        <Field label="Full name" value={name} onChange={setName} maxLength={200} placeholder="Karim al-Mirqadi" />
        <Field label="Date of birth (optional)" type="date" value={dob} onChange={setDob} />
        <Select label="Nationality (optional)" value={nationality} onChange={setNationality} options={countries} />
        <Button type="submit" icon={Search} disabled={name.trim().length < 2 || check.isPending}>
          {check.isPending ? 'Checking…' : 'Check'}
        </Button>
      </form>
      <div aria-live="polite" className="mt-4">
        {check.isError ? <ErrorNote>{errorText(check.error, 'The check failed.')}</ErrorNote> : null}
        {r && !r.flagged ? (
          <p className="flex items-center gap-2 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
            <ShieldCheck className="h-4 w-4" aria-hidden="true" />
            No match at {scorePercent(threshold)} or above among {r.entriesChecked.toLocaleString('en-US')} listed entries.
          </p>
        ) : null}
        {r && r.flagged ? (
          <div>
            <p className="flex items-center gap-2 text-sm font-semibold text-red-800">
              <ShieldAlert className="h-4 w-4" aria-hidden="true" />
              {r.hits.length} possible match{r.hits.length === 1 ? '' : 'es'} — risk {r.risk}. An application with this name would be held for review.
            </p>
            <ul className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200">
              {r.hits.map((h) => (
                <li key={h.entryId} className="flex flex-wrap items-start justify-between gap-3 px-4 py-3 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium text-ink">
                      {h.name}
                      {h.matchedOn !== h.name ? <span className="font-normal text-slate-500"> (as “{h.matchedOn}”)</span> : null}
                    </p>
                    <p className="mt-0.5 text-slate-600">
                      {h.listName} · {screeningCategoryLabels[h.category]}
                      {h.reference ? ` · ${h.reference}` : ''}
                      {h.dateOfBirth ? ` · born ${h.dateOfBirth}` : ''}
                      {h.nationality ? ` · ${countryName(h.nationality)}` : ''}
                    </p>
                    {h.reasons.length ? <p className="mt-0.5 text-xs text-slate-500">{h.reasons.join(', ')}</p> : null}
                  </div>
                  <Badge tone={h.category === 'sanctions' ? 'danger' : 'warning'}>{scorePercent(h.score)} match</Badge>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </div>
  );
}
