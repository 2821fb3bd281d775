import { useState } from 'react';
import {
  EMPLOYMENT_NEEDS_EMPLOYER,
  EMPLOYMENT_NEEDS_OCCUPATION,
  EMPLOYMENT_STATUSES,
  employmentStatusLabels,
  type EmploymentStatus,
  INCOME_BANDS,
  incomeBandLabels,
  INVESTOR_CLASSIFICATIONS,
  investorClassificationLabels,
  NET_WORTH_BANDS,
  netWorthBandLabels,
  PROFESSIONAL_CRITERIA,
  professionalCriterionLabels,
  SOURCES_OF_FUNDS,
  sourceOfFundsLabels,
} from '@modules/kyc/contract';
import { formatMoney } from '@modules/platform/contract';
import { ChoiceGroup, FieldError, TextField } from '../fields';
import { type FinancialForm, initialForm, optionsOf } from '../kyc-draft';
import { ContinueButton, StepActions } from '../StepActions';
import type { StepFormProps } from '../step-types';
import { useStepForm } from '../use-step-form';

const ORDER = [
  'employmentStatus',
  'occupation',
  'employerName',
  'incomeBand',
  'sourceOfFunds',
  'sourceOfFundsOther',
  'netWorthBand',
  'politicallyExposed',
  'classification',
  'professionalCriteria',
  'professionalAcknowledged',
] as const;

const CLASS_DESCRIPTIONS = {
  retail: 'The fullest protection: clear risk warnings, suitability checks and an annual investment limit.',
  professional: 'For people with substantial assets, income or industry experience, who give up some retail protections.',
} as const;

export function FinancialStep({ user, app, next, go }: StepFormProps) {
  const [f, setForm] = useState<FinancialForm>(() => initialForm(user.id, 'financial', app));
  const set = (patch: Partial<FinancialForm>) => setForm((x) => ({ ...x, ...patch }));
  const { errors, onSubmit, status, busy, retry } = useStepForm(user, 'financial', f, app, ORDER, next);
  const status_ = f.employmentStatus as EmploymentStatus;
  const limit = formatMoney(BigInt(app.retailLimit.annualLimit || '0'), 'AED', { decimals: 0 });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Financial information" className="space-y-8">
      <ChoiceGroup
        id="employmentStatus"
        legend="Employment status"
        columns={3}
        value={f.employmentStatus}
        onValueChange={(v) => set({ employmentStatus: String(v) })}
        choices={optionsOf(EMPLOYMENT_STATUSES, employmentStatusLabels)}
        error={errors.employmentStatus}
      />
      {(EMPLOYMENT_NEEDS_OCCUPATION.includes(status_) || EMPLOYMENT_NEEDS_EMPLOYER.includes(status_)) && (
        <div className="grid gap-5 sm:grid-cols-2">
          {EMPLOYMENT_NEEDS_OCCUPATION.includes(status_) && (
            <TextField
              id="occupation"
              label="Occupation"
              hint="Your role and industry, for example “Civil engineer, construction”."
              autoComplete="organization-title"
              value={f.occupation}
              onValueChange={(v) => set({ occupation: v })}
              error={errors.occupation}
            />
          )}
          {EMPLOYMENT_NEEDS_EMPLOYER.includes(status_) && (
            <TextField
              id="employerName"
              label={status_ === 'business_owner' ? 'Company name' : 'Employer'}
              hint={status_ === 'business_owner' ? 'The business you own or run.' : 'The organisation you work for.'}
              autoComplete="organization"
              value={f.employerName}
              onValueChange={(v) => set({ employerName: v })}
              error={errors.employerName}
            />
          )}
        </div>
      )}
      <ChoiceGroup
        id="incomeBand"
        legend="Annual income"
        hint="Before tax, from all sources. A band is enough."
        value={f.incomeBand}
        onValueChange={(v) => set({ incomeBand: String(v) })}
        choices={optionsOf(INCOME_BANDS, incomeBandLabels)}
        error={errors.incomeBand}
      />
      <div className="space-y-4">
        <ChoiceGroup
          id="sourceOfFunds"
          legend="Where will the money you invest come from?"
          hint="Choose all that apply."
          multiple
          columns={3}
          value={f.sourceOfFunds}
          onValueChange={(v) => set({ sourceOfFunds: v as string[] })}
          choices={optionsOf(SOURCES_OF_FUNDS, sourceOfFundsLabels)}
          error={errors.sourceOfFunds}
        />
        {f.sourceOfFunds.includes('other') && (
          <TextField
            id="sourceOfFundsOther"
            label="Describe the other source"
            value={f.sourceOfFundsOther}
            onValueChange={(v) => set({ sourceOfFundsOther: v })}
            error={errors.sourceOfFundsOther}
            className="sm:max-w-md"
          />
        )}
      </div>
      <ChoiceGroup
        id="netWorthBand"
        legend="Net worth"
        hint="What you own minus what you owe, not counting the home you live in."
        value={f.netWorthBand}
        onValueChange={(v) => set({ netWorthBand: String(v) })}
        choices={optionsOf(NET_WORTH_BANDS, netWorthBandLabels)}
        error={errors.netWorthBand}
      />
      <ChoiceGroup
        id="politicallyExposed"
        legend="Are you, a family member or a close associate a politically exposed person?"
        hint="Someone who holds or held a prominent public role, such as a minister, senior judge, ambassador or head of a state-owned company."
        value={f.politicallyExposed}
        onValueChange={(v) => set({ politicallyExposed: v === 'yes' ? 'yes' : 'no' })}
        choices={[
          { value: 'no', label: 'No' },
          { value: 'yes', label: 'Yes' },
        ]}
        error={errors.politicallyExposed}
      />

      <section aria-labelledby="investor-class-heading" className="rounded-xl border border-sand-200 bg-sand-50/70 p-5">
        <h2 id="investor-class-heading" className="font-semibold text-ink">
          Retail or professional investor?
        </h2>
        <p className="mt-1 text-sm leading-relaxed text-slate-700">
          Most people invest as retail investors, with the fullest protection and an annual limit of {limit} a year. Professional investor status has no annual limit, but you give up
          some protections; our compliance team checks that you meet at least one criterion.
        </p>
        <div className="mt-4">
          <ChoiceGroup
            id="classification"
            legend="How do you want to be classified?"
            value={f.classification}
            onValueChange={(v) => set({ classification: v === 'professional' ? 'professional' : 'retail' })}
            choices={INVESTOR_CLASSIFICATIONS.map((c) => ({ value: c, label: investorClassificationLabels[c], description: CLASS_DESCRIPTIONS[c] }))}
            error={errors.classification}
          />
        </div>
        {f.classification === 'professional' && (
          <div className="mt-5 space-y-5">
            <ChoiceGroup
              id="professionalCriteria"
              legend="Which of these apply to you?"
              hint="Choose at least one. It must agree with your income and net worth above."
              multiple
              columns={1}
              value={f.professionalCriteria}
              onValueChange={(v) => set({ professionalCriteria: v as string[] })}
              choices={optionsOf(PROFESSIONAL_CRITERIA, professionalCriterionLabels)}
              error={errors.professionalCriteria}
            />
            <div>
              <label htmlFor="professionalAcknowledged" className="flex cursor-pointer items-start gap-3 text-sm leading-relaxed text-slate-700">
                <input
                  id="professionalAcknowledged"
                  type="checkbox"
                  checked={f.professionalAcknowledged}
                  onChange={(e) => set({ professionalAcknowledged: e.target.checked })}
                  aria-invalid={errors.professionalAcknowledged ? true : undefined}
                  aria-describedby={errors.professionalAcknowledged ? 'professionalAcknowledged-error' : undefined}
                  className="mt-1 h-4 w-4 shrink-0 rounded accent-brand-700"
                />
                <span>I understand that as a professional investor I have no annual investment limit and fewer of the protections given to retail investors.</span>
              </label>
              <FieldError id="professionalAcknowledged" error={errors.professionalAcknowledged} />
            </div>
          </div>
        )}
      </section>

      <StepActions back="address" go={go} status={status} onRetry={retry} primary={<ContinueButton label="Continue to review" busy={busy} />} />
    </form>
  );
}
