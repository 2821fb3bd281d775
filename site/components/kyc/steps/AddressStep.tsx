import { useMemo, useState } from 'react';
import { countryOptions, EMIRATES } from '../countries';
import { SelectField, TextField } from '../fields';
import { type AddressForm, initialForm } from '../kyc-draft';
import { ContinueButton, StepActions } from '../StepActions';
import type { StepFormProps } from '../step-types';
import { useStepForm } from '../use-step-form';

const ORDER = ['country', 'line1', 'line2', 'city', 'region', 'postalCode'] as const;
const emirateOptions = EMIRATES.map((e) => ({ value: e, label: e }));

export function AddressStep({ user, app, next, go }: StepFormProps) {
  const [a, setForm] = useState<AddressForm>(() => initialForm(user.id, 'address', app));
  const set = (patch: Partial<AddressForm>) => setForm((f) => ({ ...f, ...patch }));
  const { errors, onSubmit, status, busy, retry } = useStepForm(user, 'address', a, app, ORDER, next);
  const countries = useMemo(() => countryOptions(), []);
  const inUae = a.country === 'AE';

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Address">
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          id="country"
          label="Country of residence"
          autoComplete="country"
          value={a.country}
          onValueChange={(v) => set({ country: v, region: '' })}
          options={countries}
          error={errors.country}
          className="sm:col-span-2 sm:max-w-sm"
        />
        <TextField
          id="line1"
          label="Building, flat or villa, and street"
          autoComplete="address-line1"
          placeholder={inUae ? 'Flat 1204, Marina Heights, Al Marsa Street' : undefined}
          value={a.line1}
          onValueChange={(v) => set({ line1: v })}
          error={errors.line1}
          className="sm:col-span-2"
        />
        <TextField
          id="line2"
          label={inUae ? 'Area or community' : 'Address line 2'}
          optional
          autoComplete="address-line2"
          placeholder={inUae ? 'Dubai Marina' : undefined}
          value={a.line2}
          onValueChange={(v) => set({ line2: v })}
          error={errors.line2}
          className="sm:col-span-2"
        />
        <TextField id="city" label="City" autoComplete="address-level2" value={a.city} onValueChange={(v) => set({ city: v })} error={errors.city} />
        {inUae ? (
          <SelectField
            key="emirate"
            id="region"
            label="Emirate"
            autoComplete="address-level1"
            value={a.region}
            onValueChange={(v) => set({ region: v })}
            placeholder="Choose your emirate"
            options={emirateOptions}
            error={errors.region}
          />
        ) : (
          <TextField
            key="region"
            id="region"
            label="State, province or region"
            optional
            autoComplete="address-level1"
            value={a.region}
            onValueChange={(v) => set({ region: v })}
            error={errors.region}
          />
        )}
        <TextField
          id="postalCode"
          label={inUae ? 'P.O. Box' : 'Postal code'}
          optional
          autoComplete="postal-code"
          value={a.postalCode}
          onValueChange={(v) => set({ postalCode: v })}
          error={errors.postalCode}
        />
      </div>
      <StepActions back="documents" go={go} status={status} onRetry={retry} primary={<ContinueButton busy={busy} />} />
    </form>
  );
}
