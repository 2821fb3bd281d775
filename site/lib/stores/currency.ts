import { atom } from 'nanostores';
import { CURRENCY_CODES, type CurrencyCode, isCurrencyCode, TIMINGS } from '@modules/platform/contract';
import { setDisplayRates } from '@modules/platform/money';
import type { PublicSettingsJson } from '@modules/settings/contract';

export const CURRENCY_STORAGE_KEY = 'manzil.currency';

/** The currency prices are shown in. AED until the saved preference or the visitor's country says otherwise. */
export const $currency = atom<CurrencyCode>('AED');

/**
 * When the display-currency rates in use took effect: undefined until the server's rates arrive (the spec's rates
 * convert until then), null for the spec's reference rates. Screens re-render when it changes.
 */
export const $ratesAsOf = atom<string | null | undefined>(undefined);

/** Takes the admin's display-currency rates in force from GET /api/settings/public (no copy of them in the browser). */
export async function loadDisplayRates(fetchImpl: typeof fetch = fetch): Promise<PublicSettingsJson | null> {
  try {
    const res = await fetchImpl('/api/settings/public', { headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    const body = (await res.json()) as PublicSettingsJson;
    if (!body.rates) return null;
    setDisplayRates(body.rates, body.ratesAsOf ?? null);
    $ratesAsOf.set(body.ratesAsOf ?? null);
    return body;
  } catch {
    return null;
  }
}

const EUR_COUNTRIES = ['DE', 'FR', 'IT', 'ES', 'PT', 'NL', 'BE', 'IE', 'AT', 'FI', 'GR'];
const AED_COUNTRIES = ['AE', 'SA', 'QA', 'KW', 'BH', 'OM'];

/** §9: US→USD, AE→AED, IN→INR, GB→GBP, the euro countries→EUR, the Gulf→AED, all others→USD. */
export function currencyForCountry(countryCode: string | null | undefined): CurrencyCode {
  const c = (countryCode ?? '').toUpperCase();
  if (!c) return 'AED';
  if (c === 'US') return 'USD';
  if (c === 'IN') return 'INR';
  if (c === 'GB') return 'GBP';
  if (EUR_COUNTRIES.includes(c)) return 'EUR';
  if (AED_COUNTRIES.includes(c)) return 'AED';
  return 'USD';
}

let chosen = false;

export function setCurrency(code: CurrencyCode) {
  if (!isCurrencyCode(code)) return;
  chosen = true;
  $currency.set(code);
  try {
    localStorage.setItem(CURRENCY_STORAGE_KEY, code);
  } catch {}
}

/** The country lookup: a configurable URL answering { country_code }, 3 s timeout, AED on any failure. */
export async function detectCurrency(
  url = (import.meta.env.PUBLIC_COUNTRY_LOOKUP_URL as string | undefined) ?? '/api/geo/country',
  fetchImpl: typeof fetch = fetch,
): Promise<CurrencyCode> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMINGS.currencyLookupTimeout);
  try {
    const res = await fetchImpl(url, { signal: controller.signal, credentials: 'same-origin' });
    if (!res.ok) return 'AED';
    const body = (await res.json()) as { country_code?: string };
    return body.country_code ? currencyForCountry(body.country_code) : 'AED';
  } catch {
    return 'AED';
  } finally {
    clearTimeout(timer);
  }
}

let started = false;
/** Saved preference first; otherwise detect from the visitor's country (§4). */
export function initCurrency() {
  if (started || typeof window === 'undefined') return;
  started = true;
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(CURRENCY_STORAGE_KEY);
  } catch {}
  if (isCurrencyCode(saved)) {
    $currency.set(saved);
    return;
  }
  // A choice the visitor makes while the lookup is still running wins over the lookup.
  void detectCurrency().then((code) => {
    if (!chosen) $currency.set(code);
  });
}

export { CURRENCY_CODES };
