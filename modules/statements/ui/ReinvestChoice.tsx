/**
 * The investor's choice for distributions (GET/PUT /api/distributions/preferences): keep them in the
 * wallet, reinvest through their plan's allocation, or into the same property while it is open. Saved as
 * soon as a choice is made; a plan choice without an active plan says what happens.
 */
import { useId, useState } from 'react';
import { REINVEST_CHOICES, reinvestLabels, type ReinvestChoice as Choice } from '@modules/distributions/contract';
import { Skeleton } from '@site/components/app/wallet/shared';
import { errorText } from '@site/lib/api';
import { usePreference, useSavePreference } from './data';
import { LoadProblem } from './Figures';

const HELP: Record<Choice, string> = {
  wallet: 'Each payment stays in your wallet, to invest or withdraw when you like.',
  sip: 'Each payment buys whole shares in the properties your monthly plan invests in; what cannot buy a whole share stays in your wallet.',
  same_property: 'Each payment buys whole shares of the property that paid it, while it is open for investment; otherwise it stays in your wallet.',
};

export function ReinvestChoice() {
  const q = usePreference();
  const save = useSavePreference();
  const [saving, setSaving] = useState<Choice | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const legendId = useId();
  if (q.isPending) {
    return (
      <div aria-busy="true">
        <p className="sr-only" role="status">
          Loading your reinvestment choice…
        </p>
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }
  if (q.isError) return <LoadProblem title="We couldn't load your reinvestment choice" error={q.error} retry={() => void q.refetch()} />;
  const current = saving ?? q.data.reinvest;
  const choose = async (c: Choice) => {
    if (c === q.data.reinvest || saving) return;
    setSaving(c);
    setStatus(null);
    try {
      const saved = await save(c);
      setStatus({ ok: true, text: `Saved: ${saved.label}.` });
    } catch (e) {
      setStatus({ ok: false, text: errorText(e, 'We could not save your choice. Please try again.') });
    } finally {
      setSaving(null);
    }
  };
  return (
    <fieldset aria-labelledby={legendId} aria-busy={saving !== null}>
      <legend id={legendId} className="text-sm font-semibold text-ink">
        What happens to your distributions
      </legend>
      <div className="mt-3 space-y-2">
        {REINVEST_CHOICES.map((c) => (
          <label key={c} className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 ${current === c ? 'border-brand-300 bg-brand-50/50' : 'border-slate-200'}`}>
            <input type="radio" name="reinvest" value={c} checked={current === c} disabled={saving !== null} onChange={() => void choose(c)} className="mt-1 accent-brand-700" />
            <span>
              <span className="block text-sm font-medium text-ink">{reinvestLabels[c]}</span>
              <span className="mt-0.5 block text-xs text-slate-500">{HELP[c]}</span>
            </span>
          </label>
        ))}
      </div>
      {current === 'sip' && !q.data.hasSipPlan ? (
        <p className="mt-3 rounded-lg border border-sand-200 bg-sand-50 p-3 text-sm text-sand-900">
          You have no active monthly plan, so your distributions stay in your wallet until you{' '}
          <a href="/sip-setup" className="font-semibold underline underline-offset-2">
            start one
          </a>
          .
        </p>
      ) : null}
      <p className="mt-2 min-h-5 text-sm text-brand-800" role="status">
        {saving ? 'Saving…' : status?.ok ? status.text : ''}
      </p>
      {status && !status.ok ? (
        <p className="text-sm text-red-700" role="alert">
          {status.text}
        </p>
      ) : null}
    </fieldset>
  );
}
