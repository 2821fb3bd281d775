/** The four onboarding questionnaire steps: goals, experience, risk and preferences. */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { ASSETS, EXPERIENCE_LEVELS, GOALS, HORIZONS, type OnboardingAnswers, type OnboardingStep, RISK_QUESTIONS } from '@modules/onboarding/contract';
import { convertMinor, CURRENCIES, CURRENCY_CODES, type CurrencyCode, EARLY_EXIT_YEARS, FEES, formatMoney, MIN_INVESTMENT_FILS, RETURNS } from '@modules/platform/contract';
import { $currency, setCurrency } from '@site/lib/stores/currency';
import { ChoiceGroup } from '../kyc/fields';

const earlyExit = FEES.find((f) => f.key === 'early-exit')!;

export type StepProps<K extends OnboardingStep> = {
  answers: OnboardingAnswers;
  set: (patch: Partial<OnboardingAnswers[K]>) => void;
  errors: Record<string, string | undefined>;
};

export function useMinimumLabel() {
  const currency = useStore($currency);
  return formatMoney(convertMinor(MIN_INVESTMENT_FILS, 'AED', currency), currency);
}

export function GoalsStep({ answers, set, errors }: StepProps<'goals'>) {
  const minimum = useMinimumLabel();
  const goals = GOALS.map((g) => (g.value === 'learn' ? { ...g, description: `Start from ${minimum} and see how it works before going further.` } : g));
  return (
    <>
      <ChoiceGroup
        id="goals"
        legend="Choose all that apply"
        multiple
        value={answers.goals.goals}
        onValueChange={(v) => set({ goals: v as string[] })}
        choices={goals}
        error={errors.goals}
      />
      <div>
        <ChoiceGroup
          id="horizon"
          legend="How long do you plan to stay invested?"
          value={answers.goals.horizon}
          onValueChange={(v) => set({ horizon: String(v) })}
          choices={HORIZONS}
          error={errors.horizon}
        />
        {answers.goals.horizon === 'under_3' && (
          <p className="mt-3 rounded-lg border border-sand-200 bg-sand-50 p-3.5 text-sm text-slate-700" role="note">
            Shares sold within {EARLY_EXIT_YEARS} years carry a {earlyExit.rate} early exit fee, and finding a buyer can take time. Property usually
            suits money you can leave invested for 5 years or more.
          </p>
        )}
      </div>
    </>
  );
}

export function ExperienceStep({ answers, set, errors }: StepProps<'experience'>) {
  return (
    <>
      <ChoiceGroup
        id="level"
        legend="Which describes you best?"
        value={answers.experience.level}
        onValueChange={(v) => set({ level: String(v) })}
        choices={EXPERIENCE_LEVELS}
        error={errors.level}
      />
      <ChoiceGroup
        id="assets"
        legend="What have you invested in before?"
        hint="Optional. Choose any that apply."
        multiple
        columns={3}
        value={answers.experience.assets}
        onValueChange={(v) => set({ assets: v as string[] })}
        choices={ASSETS}
        error={errors.assets}
      />
    </>
  );
}

export function RiskStep({ answers, set, errors }: StepProps<'risk'>) {
  return (
    <>
      <p className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-700">
        Property values can fall as well as rise. The {RETURNS.total} a year we quote (rental yield {RETURNS.rentalYield}, appreciation{' '}
        {RETURNS.appreciation}) is a target, not a promise, and shares can take time to sell. There are no right answers here; be honest with
        yourself.
      </p>
      {RISK_QUESTIONS.map((q) => (
        <ChoiceGroup
          key={q.key}
          id={q.key}
          legend={q.legend}
          columns={1}
          value={answers.risk[q.key]}
          onValueChange={(v) => set({ [q.key]: String(v) })}
          choices={q.choices}
          error={errors[q.key]}
        />
      ))}
    </>
  );
}

export function PreferencesStep({ answers, set, errors }: StepProps<'preferences'>) {
  const current = useStore($currency);
  const minimum = useMinimumLabel();
  const chosen = answers.preferences.currency;

  // Start from the currency the site already shows (saved preference or the visitor's country).
  useEffect(() => {
    if (!chosen) set({ currency: current });
  }, []);

  const pick = (code: CurrencyCode) => {
    setCurrency(code);
    set({ currency: code });
  };

  return (
    <>
      <ChoiceGroup
        id="currency"
        legend="Show prices in"
        hint="Properties are priced in AED; we convert for display. You can change this at any time from the top of the page."
        columns={3}
        value={chosen || current}
        onValueChange={(v) => pick(v as CurrencyCode)}
        choices={CURRENCY_CODES.map((c) => ({ value: c, label: CURRENCIES[c].symbol === c ? c : `${c} · ${CURRENCIES[c].symbol}`, description: CURRENCIES[c].name }))}
        error={errors.currency}
      />
      <ChoiceGroup
        id="mode"
        legend="How would you like to invest?"
        hint="You can switch at any time."
        value={answers.preferences.mode}
        onValueChange={(v) => set({ mode: v === 'manual' ? 'manual' : 'automated' })}
        error={errors.mode}
        choices={[
          {
            value: 'automated',
            label: 'Automated',
            description: `Invest a set amount every month through a systematic investment plan (SIP), from ${minimum} a month.`,
          },
          { value: 'manual', label: 'Manual', description: `Choose each property and amount yourself, from ${minimum}.` },
        ]}
      />
    </>
  );
}
