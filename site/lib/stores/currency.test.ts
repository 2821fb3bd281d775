import { describe, expect, it, vi } from 'vitest';
import { currencyForCountry, detectCurrency } from './currency';

describe('currency detection (§4, §9)', () => {
  it('maps countries as the spec says', () => {
    expect(currencyForCountry('US')).toBe('USD');
    expect(currencyForCountry('ae')).toBe('AED');
    expect(currencyForCountry('IN')).toBe('INR');
    expect(currencyForCountry('GB')).toBe('GBP');
    for (const c of ['DE', 'FR', 'IT', 'ES', 'PT', 'NL', 'BE', 'IE', 'AT', 'FI', 'GR']) expect(currencyForCountry(c)).toBe('EUR');
    for (const c of ['SA', 'QA', 'KW', 'BH', 'OM']) expect(currencyForCountry(c)).toBe('AED');
    expect(currencyForCountry('JP')).toBe('USD');
    expect(currencyForCountry(null)).toBe('AED');
  });

  it('reads country_code from the lookup and falls back to AED on failure', async () => {
    const ok = vi.fn(async () => new Response(JSON.stringify({ country_code: 'GB' }), { status: 200 }));
    expect(await detectCurrency('/geo', ok as unknown as typeof fetch)).toBe('GBP');
    const fails = vi.fn(async () => new Response('nope', { status: 500 }));
    expect(await detectCurrency('/geo', fails as unknown as typeof fetch)).toBe('AED');
    const throws = vi.fn(async () => {
      throw new TypeError('network');
    });
    expect(await detectCurrency('/geo', throws as unknown as typeof fetch)).toBe('AED');
  });

  it('gives up after 3 s and uses AED', async () => {
    vi.useFakeTimers();
    const hang = vi.fn((_url: string, init?: RequestInit) => new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))));
    const result = detectCurrency('/geo', hang as unknown as typeof fetch);
    await vi.advanceTimersByTimeAsync(3000);
    expect(await result).toBe('AED');
    vi.useRealTimers();
  });
});
