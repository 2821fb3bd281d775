/**
 * Payment reminders: an open invoice is due a reminder of level 1 at 7 days past due, 2 at 21 and 3 at 45.
 * Sending records the level and date on the invoice, so each level goes out once.
 */
import { and, eq, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { recordAudit } from '@modules/audit';
import { queueEmails } from '@modules/email';
import { addDays, daysBetween, formatDate, todayInDubai } from '@modules/platform/dates';
import { DUNNING_LEVELS, type DunningItemJson, type DunningJson } from './contract';
import { customers, invoices } from './schema';
import { moneyIn } from './shared';

/** The highest level due at `days` past due (0: none yet). */
export function levelDue(days: number): number {
  let level = 0;
  for (const l of DUNNING_LEVELS) if (days >= l.days) level = l.level;
  return level;
}

export async function dunningList(db: Db, asOfInput?: string): Promise<DunningJson> {
  const asOf = asOfInput ?? todayInDubai();
  const rows = await db
    .select({ i: invoices, name: customers.name, email: customers.email })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(and(sql`${invoices.status} in ('issued', 'partially_paid')`, lte(invoices.dueDate, addDays(asOf, -DUNNING_LEVELS[0].days))))
    .orderBy(invoices.dueDate, invoices.number);
  const items: DunningItemJson[] = [];
  for (const r of rows) {
    const days = daysBetween(r.i.dueDate, asOf);
    const due = levelDue(days);
    if (due <= r.i.dunningLevel) continue;
    items.push({
      invoiceId: r.i.id,
      number: r.i.number!,
      customerId: r.i.customerId,
      customerName: r.name,
      email: r.email,
      dueDate: r.i.dueDate,
      daysPastDue: days,
      openAmount: r.i.openAmount.toString(),
      currency: r.i.currency,
      openAed: r.i.openAed.toString(),
      lastLevel: r.i.dunningLevel,
      levelDue: due,
    });
  }
  return { asOf, items };
}

const OPENINGS: Record<number, string> = {
  1: 'This is a friendly reminder that the invoice below is now past its due date.',
  2: 'We have not yet received payment of the invoice below, which is now three weeks overdue.',
  3: 'The invoice below is now more than six weeks overdue. Please settle it within 7 days, or contact us to agree a payment plan, to avoid further action.',
};

/** Queues the reminders that are due and records each level; a second call the same day sends nothing. */
export async function sendDunning(db: Db, userId: string, asOfInput?: string): Promise<{ asOf: string; sent: DunningItemJson[] }> {
  return db.transaction(async (tx) => {
    const { asOf, items } = await dunningList(tx, asOfInput);
    if (items.length === 0) return { asOf, sent: [] };
    // Claim the levels first (a concurrent send claims nothing twice), then write the emails.
    const sent: DunningItemJson[] = [];
    for (const it of items) {
      const claimed = await tx
        .update(invoices)
        .set({ dunningLevel: it.levelDue, dunningAt: new Date() })
        .where(and(eq(invoices.id, it.invoiceId), lt(invoices.dunningLevel, it.levelDue)))
        .returning({ id: invoices.id });
      if (claimed.length) sent.push(it);
    }
    await queueEmails(
      tx,
      sent.map((it) => ({
        to: it.email,
        kind: 'invoice_reminder',
        subject: `${it.levelDue === 3 ? 'Final reminder' : 'Reminder'}: invoice ${it.number} is ${it.daysPastDue} days overdue`,
        text: `Dear ${it.customerName},\n\n${OPENINGS[it.levelDue]}\n\nInvoice ${it.number}, due ${formatDate(it.dueDate)}: ${moneyIn(BigInt(it.openAmount), it.currency)} outstanding.\n\nIf you have already paid, thank you, and please send us the payment reference so we can match it.\n\nManzil accounts`,
      })),
    );
    await recordAudit(tx, {
      actorId: userId,
      action: 'receivables.dunning.send',
      entityType: 'invoice',
      summary: `Sent ${sent.length} payment reminder${sent.length === 1 ? '' : 's'} (${sent.map((s) => `${s.number} level ${s.levelDue}`).join(', ')})`,
      details: { asOf, invoices: sent.map((s) => s.invoiceId) },
    });
    return { asOf, sent };
  });
}
