/**
 * The VAT 201 return of a period, worked out from the daily tax totals (tax_totals, never the tax lines or
 * the journal lines) and the ledger's precomputed balances (ledger_balances) for what other modules charge
 * with VAT but record no tax lines for:
 *   platform charges = (2410 credit − debit in the period) − Σ output VAT in tax_totals (settlement rows included),
 *                      on the value of the period's net credit to the fee income accounts 4110–4140,
 *                      added to the default emirate's box;
 *   other recoverable VAT = (1410 debit − credit) − Σ input VAT in tax_totals, added to box 9 (VAT only).
 * So box 14 equals the movement on 2410 less the movement on 1410 by construction. A filed return reads the
 * figures stored when it was filed.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { notFound } from '@api/errors';
import { sqlRows } from '@api/list';
import { LEDGER_ACCOUNTS } from '@modules/ledger';
import { todayInDubai } from '@modules/platform/dates';
import { EMIRATE_BOX, type Emirate, type VatBox } from './contract';
import {
  RETURN_BOXES,
  SUPPLY_BOXES,
  periodLabel,
  periodsThrough,
  returnMessages,
  type ReturnBox,
  type VatBoxFigures,
  type VatPeriod,
  type VatPeriodJson,
  type VatPeriodStatus,
  type VatReturnJson,
} from './return-contract';
import type { vatReturns } from './schema';
import { getTaxSettings } from './settings';

type Box = { amount: bigint; vat: bigint; adjustment: bigint };
export type ReturnFigures = {
  boxes: Record<ReturnBox, Box>;
  platformCharges: { box: VatBox; amount: bigint; vat: bigint };
  otherRecoverableVat: bigint;
};
/** The figures as JSON, as stored in vat_returns.figures and answered by the API. */
export type StoredFigures = Pick<VatReturnJson, 'boxes' | 'platformCharges' | 'otherRecoverableVat'>;

export const FEE_INCOME_ACCOUNTS = [LEDGER_ACCOUNTS.platformFees, LEDGER_ACCOUNTS.performanceFees, LEDGER_ACCOUNTS.transactionFees, LEDGER_ACCOUNTS.earlyExitFees] as const;
const VAT_ACCOUNTS = [LEDGER_ACCOUNTS.vatOutput, LEDGER_ACCOUNTS.vatInput, ...FEE_INCOME_ACCOUNTS];

const zero = (): Box => ({ amount: 0n, vat: 0n, adjustment: 0n });
const add = (a: Box, b: Box): Box => ({ amount: a.amount + b.amount, vat: a.vat + b.vat, adjustment: a.adjustment + b.adjustment });

/** What one period's rows add up to before the boxes are derived. */
type Sums = {
  byBox: Map<string, Box>;
  outputVat: bigint;
  inputVat: bigint;
  ledger: Map<string, { debit: bigint; credit: bigint }>;
};

/** Pure: the VAT 201 boxes from a period's tax totals and VAT account movements. */
export function figuresFrom(s: Sums, defaultEmirate: Emirate): ReturnFigures {
  const boxes = Object.fromEntries(RETURN_BOXES.map((b) => [b, zero()])) as Record<ReturnBox, Box>;
  for (const [box, t] of s.byBox) {
    if (box === 'settlement' || !(box in boxes)) continue;
    // The VAT column leaves out what the Adjustment column shows.
    boxes[box as ReturnBox] = add(boxes[box as ReturnBox], { amount: t.amount, vat: t.vat - t.adjustment, adjustment: t.adjustment });
  }
  const mv = (code: string) => s.ledger.get(code) ?? { debit: 0n, credit: 0n };
  const output = mv(LEDGER_ACCOUNTS.vatOutput);
  const input = mv(LEDGER_ACCOUNTS.vatInput);
  const platformVat = output.credit - output.debit - s.outputVat;
  const platformAmount = FEE_INCOME_ACCOUNTS.reduce((sum, code) => sum + mv(code).credit - mv(code).debit, 0n);
  const otherInput = input.debit - input.credit - s.inputVat;
  const emirateBox = EMIRATE_BOX[defaultEmirate] as ReturnBox;
  boxes[emirateBox] = add(boxes[emirateBox], { amount: platformAmount, vat: platformVat, adjustment: 0n });
  boxes['9'] = add(boxes['9'], { amount: 0n, vat: otherInput, adjustment: 0n });
  boxes['8'] = SUPPLY_BOXES.reduce((t, b) => add(t, boxes[b]), zero());
  boxes['11'] = add(boxes['9'], boxes['10']);
  const due = boxes['8'].vat + boxes['8'].adjustment;
  const recoverable = boxes['11'].vat + boxes['11'].adjustment;
  boxes['12'] = { amount: 0n, vat: due, adjustment: 0n };
  boxes['13'] = { amount: 0n, vat: recoverable, adjustment: 0n };
  boxes['14'] = { amount: 0n, vat: due - recoverable, adjustment: 0n };
  return { boxes, platformCharges: { box: emirateBox as VatBox, amount: platformAmount, vat: platformVat }, otherRecoverableVat: otherInput };
}

export function figuresJson(f: ReturnFigures): StoredFigures {
  const box = (b: Box): VatBoxFigures => ({ amount: b.amount.toString(), vat: b.vat.toString(), adjustment: b.adjustment.toString() });
  return {
    boxes: Object.fromEntries(RETURN_BOXES.map((b) => [b, box(f.boxes[b])])) as Record<ReturnBox, VatBoxFigures>,
    platformCharges: { box: f.platformCharges.box, amount: f.platformCharges.amount.toString(), vat: f.platformCharges.vat.toString() },
    otherRecoverableVat: f.otherRecoverableVat.toString(),
  };
}

/**
 * The figures of each period, from two grouped reads over the whole range (tax totals and VAT account
 * balances by month), so a list of periods costs the same two queries as one return.
 */
export async function computeFigures(db: Db, periods: VatPeriod[], defaultEmirate: Emirate): Promise<Map<string, ReturnFigures>> {
  const out = new Map<string, ReturnFigures>();
  if (!periods.length) return out;
  const from = periods[0]!.from;
  const to = periods.at(-1)!.to;
  const [totals, ledger] = await Promise.all([
    sqlRows<{ m: string; box: string; direction: string; t: string; v: string; a: string }>(
      db,
      sql`select to_char(day, 'YYYY-MM') as m, box, direction, sum(taxable)::text as t, sum(vat)::text as v, sum(adjustment)::text as a
            from tax_totals where day between ${from} and ${to} group by 1, 2, 3`,
    ),
    sqlRows<{ m: string; code: string; d: string; c: string }>(
      db,
      sql`select to_char(b.day, 'YYYY-MM') as m, a.code, sum(b.debit)::text as d, sum(b.credit)::text as c
            from ledger_balances b join ledger_accounts a on a.id = b.account_id
           where b.day between ${from} and ${to} and not b.is_closing and a.code in (${sql.join(VAT_ACCOUNTS.map((c) => sql`${c}`), sql`, `)})
           group by 1, 2`,
    ),
  ]);
  const sums = new Map<string, Sums>(periods.map((p) => [p.period, { byBox: new Map(), outputVat: 0n, inputVat: 0n, ledger: new Map() }]));
  const periodOf = (month: string) => periods.find((p) => p.from.slice(0, 7) <= month && month <= p.to.slice(0, 7));
  for (const r of totals) {
    const p = periodOf(r.m);
    if (!p) continue;
    const s = sums.get(p.period)!;
    const b = s.byBox.get(r.box) ?? zero();
    s.byBox.set(r.box, add(b, { amount: BigInt(r.t), vat: BigInt(r.v), adjustment: BigInt(r.a) }));
    if (r.direction === 'output') s.outputVat += BigInt(r.v);
    else s.inputVat += BigInt(r.v);
  }
  for (const r of ledger) {
    const p = periodOf(r.m);
    if (!p) continue;
    const s = sums.get(p.period)!;
    const m = s.ledger.get(r.code) ?? { debit: 0n, credit: 0n };
    s.ledger.set(r.code, { debit: m.debit + BigInt(r.d), credit: m.credit + BigInt(r.c) });
  }
  for (const p of periods) out.set(p.period, figuresFrom(sums.get(p.period)!, defaultEmirate));
  return out;
}

export type FiledRow = typeof vatReturns.$inferSelect & { filedByEmail: string | null; settlementReference: string | null; paymentReference: string | null };

export async function filedReturns(db: Db, period?: string): Promise<Map<string, FiledRow>> {
  const found = await sqlRows<{
    period: string; id: string; start_date: string; end_date: string; status: string; figures: unknown; settlement_entry_id: string | null;
    filed_by: string | null; filed_at: string | Date; reference: string; paid_on: string | null; paid_by: string | null; bank_account_id: string | null;
    payment_entry_id: string | null; filed_by_email: string | null; settlement_number: string | null; payment_number: string | null;
  }>(
    db,
    sql`select r.period, r.id, r.start_date::text, r.end_date::text, r.status, r.figures, r.settlement_entry_id, r.filed_by, r.filed_at, r.reference,
               r.paid_on::text, r.paid_by, r.bank_account_id, r.payment_entry_id, u.email as filed_by_email,
               s.number::text as settlement_number, p.number::text as payment_number
          from vat_returns r left join users u on u.id = r.filed_by
          left join ledger_journal_entries s on s.id = r.settlement_entry_id left join ledger_journal_entries p on p.id = r.payment_entry_id
         ${period ? sql`where r.period = ${period}` : sql``}`,
  );
  const je = (n: string | null) => (n ? `JE-${n.padStart(6, '0')}` : null);
  return new Map(
    found.map((r) => [
      r.period,
      {
        period: r.period,
        id: r.id,
        startDate: r.start_date,
        endDate: r.end_date,
        status: r.status,
        figures: typeof r.figures === 'string' ? JSON.parse(r.figures) : r.figures,
        settlementEntryId: r.settlement_entry_id,
        filedBy: r.filed_by,
        filedAt: new Date(r.filed_at),
        reference: r.reference,
        paidOn: r.paid_on,
        paidBy: r.paid_by,
        bankAccountId: r.bank_account_id,
        paymentEntryId: r.payment_entry_id,
        filedByEmail: r.filed_by_email,
        settlementReference: je(r.settlement_number),
        paymentReference: je(r.payment_number),
      },
    ]),
  );
}

function statusOf(p: VatPeriod, filed: FiledRow | undefined, today: string): VatPeriodStatus {
  if (filed) return filed.status === 'paid' ? 'paid' : 'filed';
  return p.to < today ? 'ready' : 'open';
}

function periodJson(p: VatPeriod, figures: StoredFigures, status: VatPeriodStatus): VatPeriodJson {
  return { ...p, label: periodLabel(p), status, outputVat: figures.boxes['12'].vat, inputVat: figures.boxes['13'].vat, net: figures.boxes['14'].vat };
}

/** Every period of the registration to the current one, with its headline figures (filed ones as filed). */
export async function periodSummaries(db: Db, today = todayInDubai()): Promise<VatPeriodJson[]> {
  const settings = await getTaxSettings(db);
  const periods = periodsThrough(settings, today);
  const [filed, figures] = await Promise.all([filedReturns(db), computeFigures(db, periods, settings.defaultEmirate)]);
  return periods.map((p) => {
    const f = filed.get(p.period);
    return periodJson(p, f ? (f.figures as StoredFigures) : figuresJson(figures.get(p.period)!), statusOf(p, f, today));
  });
}

/** One period of the registration by its key, or 404. */
export async function resolvePeriod(db: Db, key: string, today = todayInDubai()) {
  const settings = await getTaxSettings(db);
  const period = periodsThrough(settings, today).find((p) => p.period === key);
  if (!period) throw notFound(returnMessages.periodNotFound(key), 'vat_period_not_found');
  return { settings, period };
}

/** The VAT 201 of a period: worked out now while it is open or ready, as stored once filed. */
export async function getVatReturn(db: Db, key: string, today = todayInDubai()): Promise<VatReturnJson> {
  const { settings, period } = await resolvePeriod(db, key, today);
  const filed = (await filedReturns(db, key)).get(key);
  const figures = filed ? (filed.figures as StoredFigures) : figuresJson((await computeFigures(db, [period], settings.defaultEmirate)).get(key)!);
  return {
    ...periodJson(period, figures, statusOf(period, filed, today)),
    ...figures,
    registration: { trn: settings.trn, legalName: settings.legalName, address: settings.address, registered: settings.registered },
    filing: filed
      ? {
          reference: filed.reference,
          filedAt: filed.filedAt.toISOString(),
          filedBy: filed.filedByEmail,
          settlementReference: filed.settlementReference,
          paidOn: filed.paidOn,
          paymentReference: filed.paymentReference,
        }
      : null,
  };
}
