import { describe, expect, it } from 'vitest';
import { allocate, rankForAutomated, type Candidate, type PlanForAllocation } from './allocate';

const SCALE = 10_000n;
const prop = (id: string, over: Partial<Candidate> = {}): Candidate => ({
  id,
  reference: `MZ-${id.toUpperCase()}`,
  title: `Property ${id.toUpperCase()}`,
  city: 'Dubai',
  propertyType: 'apartment',
  sharePrice: 100_000n, // AED 1,000 a share
  netYieldBps: 600,
  appreciationBps: 400,
  status: 'funding',
  pausedForAutomated: false,
  ...over,
});
const automated = (over: Partial<PlanForAllocation> = {}): PlanForAllocation => ({ mode: 'automated', allocations: [], preferences: { cities: [], propertyTypes: [] }, risk: 'balanced', ...over });
const manual = (allocations: { propertyId: string; bps: number }[]): PlanForAllocation => ({ mode: 'manual', allocations, preferences: { cities: [], propertyTypes: [] }, risk: null });
const room = (entries: [string, bigint][]) => new Map(entries);

describe('allocate', () => {
  it('splits an automated instalment evenly over up to three properties, each slice at least AED 200', () => {
    const ps = [prop('a'), prop('b'), prop('c'), prop('d')];
    const avail = room(ps.map((p) => [p.id, 1_000n * SCALE]));
    const out = allocate(90_000n, automated(), ps, avail);
    expect(out.purchases.map((p) => p.propertyId)).toEqual(['a', 'b', 'c']);
    expect(out.purchases.map((p) => p.principal)).toEqual([30_000n, 30_000n, 30_000n]);
    expect(out.invested + out.unspent).toBe(90_000n);
    // AED 300 only makes one slice of AED 200 or more.
    expect(allocate(30_000n, automated(), ps, room(ps.map((p) => [p.id, 1_000n * SCALE]))).purchases).toHaveLength(1);
  });

  it('ranks by the investor’s cities and types, then by what the risk profile looks for', () => {
    const ps = [prop('a', { city: 'Abu Dhabi', netYieldBps: 900 }), prop('b', { netYieldBps: 500, appreciationBps: 900 }), prop('c', { netYieldBps: 800, appreciationBps: 100 })];
    const avail = room(ps.map((p) => [p.id, SCALE]));
    expect(rankForAutomated(ps, automated({ risk: 'cautious' }), avail).map((c) => c.id)).toEqual(['a', 'c', 'b']);
    expect(rankForAutomated(ps, automated({ risk: 'growth' }), avail).map((c) => c.id)).toEqual(['b', 'a', 'c']);
    expect(rankForAutomated(ps, automated({ risk: 'cautious', preferences: { cities: ['dubai'], propertyTypes: [] } }), avail).map((c) => c.id)).toEqual(['c', 'b', 'a']);
    const out = allocate(20_000n, automated({ risk: 'cautious', preferences: { cities: ['Dubai'], propertyTypes: [] } }), ps, avail);
    expect(out.explanation[0]).toMatch(/Property C \(MZ-C\) because it is in Dubai, it offers the highest net rental yield/);
  });

  it('leaves out paused and closed properties from automated allocation', () => {
    const ps = [prop('a', { pausedForAutomated: true }), prop('b', { status: 'funded' }), prop('c')];
    const out = allocate(60_000n, automated(), ps, room(ps.map((p) => [p.id, 100n * SCALE])));
    expect(out.purchases.map((p) => p.propertyId)).toEqual(['c']);
  });

  it('follows a manual split and spills what a full property cannot take to the other choices', () => {
    const ps = [prop('a'), prop('b')];
    // a has half a share left (AED 500): its 60% of AED 1,000 is AED 600.
    const avail = room([
      ['a', SCALE / 2n],
      ['b', 100n * SCALE],
    ]);
    const out = allocate(100_000n, manual([{ propertyId: 'a', bps: 6_000 }, { propertyId: 'b', bps: 4_000 }]), ps, avail);
    expect(out.purchases).toEqual([
      { propertyId: 'a', units: SCALE / 2n, principal: 50_000n },
      { propertyId: 'b', units: SCALE / 2n, principal: 50_000n },
    ]);
    expect(avail.get('a')).toBe(0n);
    expect(out.unspent).toBe(0n);
    expect(out.explanation.join(' ')).toMatch(/Property A filled up: AED 100 could not be placed there\..*AED 100 went on to Property B/);
  });

  it('keeps what is below one unit of a share in the wallet, never rounding money away', () => {
    const ps = [prop('a', { sharePrice: 123_457n })];
    const out = allocate(20_010n, automated(), ps, room([['a', 1_000n * SCALE]]));
    expect(out.invested + out.unspent).toBe(20_010n);
    expect(out.unspent).toBeGreaterThan(0n);
    expect(out.unspent).toBeLessThan(13n); // one unit costs 12.3457 fils
    expect(out.explanation.at(-1)).toMatch(/stays in your wallet/);
  });

  it('keeps the whole amount when nothing is open', () => {
    const out = allocate(20_000n, automated(), [prop('a', { status: 'funded' })], room([['a', SCALE]]));
    expect(out).toMatchObject({ purchases: [], invested: 0n, unspent: 20_000n });
    expect(out.explanation[0]).toMatch(/No property is open/);
  });

  it('takes the units it allocates out of what is available, so the next plan in a run sees it', () => {
    const ps = [prop('a'), prop('b')];
    const avail = room([
      ['a', SCALE],
      ['b', 10n * SCALE],
    ]);
    allocate(100_000n, manual([{ propertyId: 'a', bps: 10_000 }]), ps, avail);
    const second = allocate(100_000n, manual([{ propertyId: 'a', bps: 10_000 }]), ps, avail);
    expect(second.purchases).toEqual([{ propertyId: 'b', units: SCALE, principal: 100_000n }]);
  });
});
