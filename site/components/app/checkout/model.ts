/**
 * The checkout's pure parts: reading the address (/checkout?property={id}&amount={fils}, or
 * ?receipt={investmentId} once invested), the one idempotency key per attempt, and what to offer
 * for each reason a purchase can be refused.
 */
import { type CheckoutBlocker, investingErrorCodes } from '@modules/investing/contract';
import { MIN_INVESTMENT_FILS } from '@modules/platform/contract';
import { ApiError } from '@site/lib/api';

export type CheckoutParams = { kind: 'empty' } | { kind: 'order'; propertyId: string; amountFils: bigint } | { kind: 'receipt'; investmentId: string };

/** The address's request; an amount that isn't a whole number of fils falls back to the minimum. */
export function readCheckoutParams(search: string): CheckoutParams {
  const q = new URLSearchParams(search);
  const receipt = q.get('receipt')?.trim();
  if (receipt) return { kind: 'receipt', investmentId: receipt };
  const propertyId = q.get('property')?.trim();
  if (!propertyId) return { kind: 'empty' };
  const raw = q.get('amount')?.trim() ?? '';
  const amountFils = /^\d{1,15}$/.test(raw) && BigInt(raw) > 0n ? BigInt(raw) : MIN_INVESTMENT_FILS;
  return { kind: 'order', propertyId, amountFils };
}

export function receiptUrl(investmentId: string): string {
  return `/checkout?receipt=${encodeURIComponent(investmentId)}`;
}

/**
 * One Idempotency-Key per checkout attempt: the same property and amount keep their key, so a retry
 * after a lost answer cannot buy twice; a different order, or a fresh attempt after a refusal, gets a new one.
 */
export class AttemptKeys {
  private current: { body: string; key: string } | null = null;
  constructor(private readonly make: () => string = () => crypto.randomUUID()) {}
  keyFor(propertyId: string, amountFils: bigint): string {
    const body = `${propertyId}:${amountFils}`;
    if (this.current?.body !== body) this.current = { body, key: this.make() };
    return this.current.key;
  }
  /** After a definite answer (a refusal) the next press is a new attempt. */
  reset() {
    this.current = null;
  }
}

export type Fix = { href: string; label: string };

/** Where to go to fix a refusal, by its machine code. */
export function fixFor(code: string | undefined, link?: string): Fix | null {
  switch (code) {
    case investingErrorCodes.kycRequired:
      return { href: link ?? '/kyc', label: 'Verify your identity' };
    case investingErrorCodes.insufficientFunds:
      return { href: '/wallet?action=deposit', label: 'Add money to your wallet' };
    case investingErrorCodes.propertyNotOpen:
    case investingErrorCodes.propertyNotFound:
      return { href: '/properties', label: 'Browse open properties' };
    case investingErrorCodes.retailLimitExceeded:
      return { href: '/dashboard', label: 'See your retail limit' };
    default:
      return link ? { href: link, label: 'Fix this' } : null;
  }
}

/** A refused purchase as a blocker (message and code from the server's { message, error } body). */
export function blockerFromError(err: unknown): (CheckoutBlocker & { fix: Fix | null }) | null {
  if (!(err instanceof ApiError) || err.status < 400 || err.status >= 500) return null;
  const body = (err.body && typeof err.body === 'object' ? err.body : {}) as { message?: string; error?: string; details?: { link?: string } };
  const code = typeof body.error === 'string' ? body.error : '';
  const message = typeof body.message === 'string' && body.message ? body.message : err.message.replace(/^\d{3}: /, '');
  return { code: code as CheckoutBlocker['code'], message, link: body.details?.link, fix: fixFor(code, body.details?.link) };
}

/** Whole hours and minutes left until `until`, for "You can cancel for 47 h 12 min more". */
export function timeLeft(until: string, now = Date.now()): string | null {
  const ms = new Date(until).getTime() - now;
  if (!(ms > 0)) return null;
  const minutes = Math.floor(ms / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${m} min` : `${m} min`;
}
