import { useMemo, useState } from 'react';
import { ID_TYPES, idTypeLabels } from '@modules/kyc/contract';
import { countryOptions } from '../countries';
import { ChoiceGroup, SelectField, TextField } from '../fields';
import { formatEmiratesId, initialForm, type PersonalForm } from '../kyc-draft';
import { ContinueButton, StepActions } from '../StepActions';
import type { StepFormProps } from '../step-types';
import { useStepForm } from '../use-step-form';

const ORDER = ['firstName', 'middleName', 'lastName', 'dateOfBirth', 'nationality', 'idType', 'idNumber', 'idExpiryDate'] as const;

const ID_DESCRIPTIONS = {
  emirates_id: 'For UAE residents. We’ll ask for the front and back.',
  passport: 'If you don’t hold an Emirates ID. We’ll ask for the photo page.',
} as const;

export function PersonalStep({ user, app, next, go }: StepFormProps) {
  const [p, setForm] = useState<PersonalForm>(() => initialForm(user.id, 'personal', app));
  const set = (patch: Partial<PersonalForm>) => setForm((f) => ({ ...f, ...patch }));
  const { errors, onSubmit, status, busy, retry } = useStepForm(user, 'personal', p, app, ORDER, next);
  const countries = useMemo(() => countryOptions(), []);
  const today = new Date().toISOString().slice(0, 10);
  const isEid = p.idType !== 'passport';

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Personal information">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField id="firstName" label="Legal first name" autoComplete="given-name" value={p.firstName} onValueChange={(v) => set({ firstName: v })} error={errors.firstName} />
        <TextField
          id="middleName"
          label="Middle names"
          optional
          autoComplete="additional-name"
          value={p.middleName}
          onValueChange={(v) => set({ middleName: v })}
          error={errors.middleName}
        />
        <TextField id="lastName" label="Legal last name" autoComplete="family-name" value={p.lastName} onValueChange={(v) => set({ lastName: v })} error={errors.lastName} />
        <p className="text-sm text-slate-500 sm:col-span-2 sm:-mt-2">Write every name exactly as it is printed on your ID.</p>
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

      <div className="mt-8">
        <ChoiceGroup
          id="idType"
          legend="Which ID will you verify with?"
          value={p.idType}
          onValueChange={(v) => set({ idType: v === 'passport' ? 'passport' : 'emirates_id', idNumber: '' })}
          error={errors.idType}
          choices={ID_TYPES.map((t) => ({ value: t, label: idTypeLabels[t], description: ID_DESCRIPTIONS[t] }))}
        />
      </div>

      <div className="mt-5 grid gap-5 sm:grid-cols-2">
        {isEid ? (
          <TextField
            key="eid"
            id="idNumber"
            label="Emirates ID number"
            hint={
              <>
                Format <span className="font-mono text-slate-700">784-YYYY-NNNNNNN-N</span>, printed on the front of your card.
              </>
            }
            inputMode="numeric"
            autoComplete="off"
            placeholder="784-YYYY-NNNNNNN-N"
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
        <TextField
          id="idExpiryDate"
          label={isEid ? 'Emirates ID expiry date' : 'Passport expiry date'}
          type="date"
          min={today}
          value={p.idExpiryDate}
          onValueChange={(v) => set({ idExpiryDate: v })}
          error={errors.idExpiryDate}
          hint="Your ID must still be valid."
        />
      </div>

      <StepActions back="overview" go={go} status={status} onRetry={retry} primary={<ContinueButton busy={busy} />} />
    </form>
  );
}
