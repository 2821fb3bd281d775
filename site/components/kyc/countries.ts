import { COUNTRIES, countryName as contractCountryName, UAE_EMIRATES } from '@modules/kyc/contract';

/** The countries the API accepts (modules/kyc/contract.ts), sorted by name, as select options. */
let cache: { value: string; label: string }[] | undefined;
export function countryOptions(): { value: string; label: string }[] {
  cache ??= COUNTRIES.map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return cache;
}

export const countryName = (code: string) => contractCountryName(code);

/** The seven emirates, for addresses in the UAE. */
export const EMIRATES = UAE_EMIRATES;
