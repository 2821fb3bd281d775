import { ChoiceGroup, TextField } from '../fields';
import {
  EMPLOYMENT_STATUSES,
  financialSchema,
  INCOME_BANDS,
  type KycFinancial,
  NET_WORTH_BANDS,
  needsOccupation,
  SOURCES_OF_FUNDS,
} from '../kyc-draft';
import { ContinueButton, StepActions } from '../StepActions';
import type { StepFormProps } from '../step-types';
import { useStepForm } from '../use-step-form';

const ORDER = ['employmentStatus', 'occupation', 'incomeBand', 'sourcesOfFunds', 'netWorthBand'] as const;

export function FinancialStep({ draft, setDraft, complete, go }: StepFormProps) {
  const f = draft.financial;
  const set = (patch: Partial<KycFinancial>) => setDraft((d) => ({ ...d, financial: { ...d.financial, ...patch } }));
  const { errors, onSubmit } = useStepForm(financialSchema, f, ORDER, complete);

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Financial information" className="space-y-8">
      <ChoiceGroup
        id="employmentStatus"
        legend="Employment status"
        columns={3}
        value={f.employmentStatus}
        onValueChange={(v) => set({ employmentStatus: String(v) })}
        choices={EMPLOYMENT_STATUSES}
        error={errors.employmentStatus}
      />
      {needsOccupation(f.employmentStatus) && (
        <TextField
          id="occupation"
          label="Occupation"
          hint="Your role and industry, for example “Civil engineer, construction”."
          autoComplete="organization-title"
          value={f.occupation}
          onValueChange={(v) => set({ occupation: v })}
          error={errors.occupation}
          className="sm:max-w-md"
        />
      )}
      <ChoiceGroup
        id="incomeBand"
        legend="Annual income"
        hint="Before tax, from all sources. A band is enough."
        value={f.incomeBand}
        onValueChange={(v) => set({ incomeBand: String(v) })}
        choices={INCOME_BANDS}
        error={errors.incomeBand}
      />
      <ChoiceGroup
        id="sourcesOfFunds"
        legend="Where will the money you invest come from?"
        hint="Choose all that apply."
        multiple
        columns={3}
        value={f.sourcesOfFunds}
        onValueChange={(v) => set({ sourcesOfFunds: v as string[] })}
        choices={SOURCES_OF_FUNDS}
        error={errors.sourcesOfFunds}
      />
      <ChoiceGroup
        id="netWorthBand"
        legend="Net worth"
        hint="What you own minus what you owe, not counting the home you live in."
        value={f.netWorthBand}
        onValueChange={(v) => set({ netWorthBand: String(v) })}
        choices={NET_WORTH_BANDS}
        error={errors.netWorthBand}
      />

      <section aria-labelledby="investor-class-heading" className="rounded-xl border border-sand-200 bg-sand-50/70 p-5">
        <h2 id="investor-class-heading" className="font-semibold text-ink">
          Retail or professional investor?
        </h2>
        <div className="mt-2 space-y-2 text-sm leading-relaxed text-slate-700">
          <p>
            <span className="font-medium text-ink">Everyone starts as a retail investor.</span> That gives you the fullest protection: clear risk
            warnings, checks that an investment suits you, and information written for individuals rather than institutions.
          </p>
          <p>
            <span className="font-medium text-ink">Professional investor status</span> is for people with substantial net assets and investing
            experience who choose to give up some of those protections. It’s assessed separately, only at your request, and your answers here don’t
            change your classification.
          </p>
        </div>
      </section>

      <StepActions back="address" go={go} primary={<ContinueButton label="Continue to review" />} />
    </form>
  );
}
