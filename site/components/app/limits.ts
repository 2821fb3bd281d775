/**
 * Investor-facing limits and charges the app screens state. Rates come from the platform contract;
 * what is not there yet (the retail limit, the per-method split of the 0.5%-2.5% transaction charge)
 * is defined here, once.
 */
import { TRANSACTION_CHARGE_BPS } from '@modules/platform/contract';

/** Retail investors may invest up to AED 180,000 a year. */
export const RETAIL_ANNUAL_LIMIT_FILS = 18_000_000n;

export type PaymentMethod = { key: string; name: string; detail: string; chargeBps: number };

/** §9: transaction charges run from 0.5% to 2.5% depending on the payment method. */
export const PAYMENT_METHODS: PaymentMethod[] = [
  {
    key: 'uae-bank-transfer',
    name: 'UAE bank transfer',
    detail: 'From an account in your name at a UAE bank. Usually arrives within one working day.',
    chargeBps: TRANSACTION_CHARGE_BPS.min,
  },
  {
    key: 'international-transfer',
    name: 'International bank transfer',
    detail: 'From an account in your name outside the UAE. Usually arrives in 2-3 working days.',
    chargeBps: 100,
  },
  {
    key: 'debit-card',
    name: 'Debit card',
    detail: 'Visa or Mastercard in your name. Arrives instantly.',
    chargeBps: 150,
  },
  {
    key: 'credit-card',
    name: 'Credit card',
    detail: 'Visa or Mastercard in your name. Arrives instantly.',
    chargeBps: TRANSACTION_CHARGE_BPS.max,
  },
];

/** Basis points as a percentage label: 50 → "0.5%", 250 → "2.5%". */
export function bpsLabel(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const frac = String(bps % 100).padStart(2, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}%` : `${whole}%`;
}
