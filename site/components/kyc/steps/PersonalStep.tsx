import { useMemo } from 'react';
import { countryOptions } from '../countries';
import { ChoiceGroup, SelectField, TextField } from '../fields';
import { formatEmiratesId, type KycPersonal, personalSchema } from '../kyc-draft';
import { ContinueButton, StepActions } from '../StepActions';
import type { StepFormProps } from '../step-types';
import { useStepForm } from '../use-step-form';

const ORDER = ['firstName', 'lastName', 'dateOfBirth', 'nationality', 'idType', 'idNumber'] as const;

export function PersonalStep({ draft, setDraft, complete, go }: StepFormProps) {
  const p = draft.personal;
  const set = (patch: Partial<KycPersonal>) => setDraft((d) => ({ ...d, personal: { ...d.personal, ...patch } }));
  const { errors, onSubmit } = useStepForm(personalSchema, p, ORDER, complete);
  const countries = useMemo(() => countryOptions(), []);
  const today = new Date().toISOString().slice(0, 10);
  const isEid = p.idType !== 'passport';

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Personal information">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="firstName"
          label="Legal first name"
          autoComplete="given-name"
          value={p.firstName}
          onValueChange={(v) => set({ firstName: v })}
          error={errors.firstName}
        />
        <TextField
          id="lastName"
          label="Legal last name"
          autoComplete="family-name"
          value={p.lastName}
          onValueChange={(v) => set({ lastName: v })}
          error={errors.lastName}
        />
        <p className="-mt-2 text-sm text-slate-500 sm:col-span-2">Include every name exactly as it is printed on your ID, middle names too.</p>
        <TextField
          id="dateOfBirth"
          label="Date of birth"
          type="date"
          autoComplete="bday"
          max={today}
          value={p.dateOfBirth}
          onValueChange={(v) => set({ dateOfBirth: v })}
          error={errors.dateOfBirth}
          hint="You must be 18 or older to invest."
        />
        <SelectField
          id="nationality"
          label="Nationality"
          value={p.nationality}
          onValueChange={(v) => set({ nationality: v })}
          placeholder="Choose your nationality"
          options={countries}
          error={errors.nationality}
          hint="As shown on your passport or Emirates ID."
        />
      </div>

      <div className="mt-7">
        <ChoiceGroup
          id="idType"
          legend="Which ID will you use?"
          value={p.idType}
          onValueChange={(v) => set({ idType: String(v), idNumber: '' })}
          error={errors.idType}
          choices={[
            { value: 'emirates_id', label: 'Emirates ID', description: 'For UAE residents. We’ll ask for the front and back.' },
            { value: 'passport', label: 'Passport', description: 'If you don’t hold an Emirates ID. We’ll ask for the photo page.' },
          ]}
        />
      </div>

      <div className="mt-5 sm:max-w-sm">
        {isEid ? (
          <TextField
            key="eid"
            id="idNumber"
            label="Emirates ID number"
            hint={
              <>
                Format <span className="font-mono text-slate-700">784-XXXX-XXXXXXX-X</span>, printed on the front of your card.
              </>
            }
            inputMode="numeric"
            autoComplete="off"
            placeholder="784-XXXX-XXXXXXX-X"
            maxLength={18}
            value={p.idNumber}
            onValueChange={(v) => set({ idNumber: v })}
            onBlur={() => set({ idNumber: formatEmiratesId(p.idNumber) })}
            error={errors.idNumber}
            className="[&_input]:font-mono [&_input]:tracking-wide"
          />
        ) : (
          <TextField
            key="passport"
            id="idNumber"
            label="Passport number"
            hint="As printed on the photo page of your passport."
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={12}
            value={p.idNumber}
            onValueChange={(v) => set({ idNumber: v.toUpperCase() })}
            error={errors.idNumber}
            className="[&_input]:font-mono [&_input]:tracking-wide"
          />
        )}
      </div>

      <StepActions back="overview" go={go} primary={<ContinueButton />} />
    </form>
  );
}
