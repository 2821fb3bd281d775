import { describe, expect, it } from 'vitest';
import type { Db } from '@db/client';
import { forgetCachedSessions, loadSession } from './sessions';

/** A stand-in for drizzle's select chain: each read answers the current row, after an optional pause. */
function fakeDb(state: { kycStatus: string; reads: number; pause?: Promise<void> }) {
  const chain = {
    from: () => chain,
    innerJoin: () => chain,
    where: () => chain,
    limit: async () => {
      state.reads += 1;
      const snapshot = { session: { id: 's1', mfaPending: false, expiresAt: new Date(Date.now() + 60_000) }, user: { id: 'user-1', kycStatus: state.kycStatus } };
      if (state.pause) await state.pause;
      return [snapshot];
    },
  };
  return { select: () => chain } as unknown as Db;
}

describe('session cache', () => {
  it('serves repeats from the cache and forgets a user at once when the user changes', async () => {
    const state = { kycStatus: 'submitted', reads: 0 };
    const db = fakeDb(state);
    expect((await loadSession(db, 'token-a'))?.user.kycStatus).toBe('submitted');
    expect((await loadSession(db, 'token-a'))?.user.kycStatus).toBe('submitted');
    expect(state.reads).toBe(1);
    state.kycStatus = 'approved';
    forgetCachedSessions({ userId: 'user-1' });
    expect((await loadSession(db, 'token-a'))?.user.kycStatus).toBe('approved');
    expect(state.reads).toBe(2);
  });

  it('never caches a row read while its user was changing', async () => {
    let release!: () => void;
    const state: { kycStatus: string; reads: number; pause?: Promise<void> } = { kycStatus: 'submitted', reads: 0, pause: new Promise<void>((r) => (release = r)) };
    const db = fakeDb(state);
    // A lookup reads the row from before the change…
    const inFlight = loadSession(db, 'token-b');
    // …the change commits and drops the cache while that lookup is still waiting…
    state.kycStatus = 'approved';
    state.pause = undefined;
    forgetCachedSessions({ userId: 'user-1' });
    release();
    // …so the lookup reads again instead of caching (and answering) the stale row.
    expect((await inFlight)?.user.kycStatus).toBe('approved');
    expect((await loadSession(db, 'token-b'))?.user.kycStatus).toBe('approved');
  });
});
