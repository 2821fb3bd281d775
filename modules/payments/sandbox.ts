import type { CreateDepositRequest, CreatePayoutRequest, PaymentProvider, ProviderEvent, ProviderEventHandler } from './provider';

export type SandboxOptions = {
  /**
   * How long the sandbox "takes" to confirm, in ms (default 1,500). null: never by itself — only the
   * confirm route (POST /api/payments/sandbox/:providerRef/confirm) or confirmPendingSandbox confirm.
   */
  confirmAfterMs?: number | null;
  log?: Pick<Console, 'error'>;
};

export const SANDBOX_PROVIDER = 'sandbox';

/** How long to keep retrying an event whose deposit or withdrawal is not committed yet. */
const NOT_FOUND_RETRIES = 10;
const NOT_FOUND_RETRY_MS = 300;

/**
 * A provider that behaves like a real one without moving money: every deposit and payout succeeds,
 * asynchronously, a moment after it was created (a timer in this process), or at once through the
 * confirm route. A restart loses the timers; confirmPendingSandbox (at boot) confirms what was left.
 */
export function createSandboxProvider(opts: SandboxOptions = {}): PaymentProvider {
  const confirmAfterMs = opts.confirmAfterMs === undefined ? 1500 : opts.confirmAfterMs;
  const log = opts.log ?? console;
  let handler: ProviderEventHandler | null = null;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let closed = false;
  const payouts = new Map<string, string>();

  const emit = async (event: ProviderEvent) => {
    if (!handler) return 'ignored' as const;
    return handler(event);
  };

  const later = (event: ProviderEvent, delay: number, attempt = 0) => {
    if (closed) return;
    const t = setTimeout(async () => {
      timers.delete(t);
      if (closed) return;
      try {
        const outcome = await emit(event);
        if (outcome === 'not_found' && attempt < NOT_FOUND_RETRIES) later(event, NOT_FOUND_RETRY_MS, attempt + 1);
      } catch (err) {
        if (!closed) log.error(`[payments] sandbox ${event.type} ${event.providerRef} failed:`, err);
      }
    }, delay);
    timers.add(t);
  };

  const ref = (prefix: string) => `sbx_${prefix}_${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`;

  return {
    name: SANDBOX_PROVIDER,
    async createDeposit(_request: CreateDepositRequest) {
      const providerRef = ref('dep');
      if (confirmAfterMs !== null) later({ type: 'deposit.succeeded', providerRef }, confirmAfterMs);
      return { providerRef };
    },
    async createPayout(request: CreatePayoutRequest) {
      // Idempotent by withdrawal id, as a real provider is by its idempotency key.
      const known = payouts.get(request.withdrawalId);
      if (known) return { providerRef: known };
      const providerRef = ref('pay');
      payouts.set(request.withdrawalId, providerRef);
      if (confirmAfterMs !== null) later({ type: 'payout.succeeded', providerRef }, confirmAfterMs);
      return { providerRef };
    },
    onEvent(h) {
      handler = h;
    },
    emit,
    close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
