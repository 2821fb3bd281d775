/**
 * Demo receivables, written through the real services so the ledger, the VAT lines and the aging agree:
 * four customers (a tenant, a corporate client with a TRN in Abu Dhabi, a buyer who pays in pounds, and a
 * holiday-homes operator who is behind), invoices over the last four months in every state, payments (one in
 * AED against a sterling invoice, one overpaid into credit), a credit note, a draft, and a monthly rent template
 * on a demo property that issues its invoices. Idempotent: nothing is added once the demo customers exist.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { createBankAccount, listBankAccounts } from '@modules/banking';
import { addDays, addMonths, monthStart, todayInDubai } from '@modules/platform/dates';
import { q } from '@modules/wallet';
import type { InvoiceInput, LineInput } from './contract';
import { createCreditNote } from './credit-notes';
import { createCustomer } from './customers';
import { createInvoice } from './invoice-draft';
import { issueInvoice } from './issue-invoice';
import { recordCustomerPayment, recordInvoicePayment } from './record-payment';
import { createRecurring, runRecurring } from './recurring';

const DEMO_ADMIN_EMAIL = 'admin@manzil.ae';
const MARKER = 'accounts@alnoor-fm.ae';

const line = (description: string, quantity: string, unitPrice: bigint, extra: Partial<LineInput> = {}): LineInput => ({ description, quantity, unitPrice, taxCode: 'standard', ...extra });

export async function seedReceivables(db: Db, opts: { now?: Date } = {}): Promise<{ customers: number; invoices: number }> {
  const [admin] = await q<{ id: string }>(db, sql`select id from users where lower(email) = ${DEMO_ADMIN_EMAIL}`);
  if (!admin) return { customers: 0, invoices: 0 };
  const [done] = await q(db, sql`select 1 from customers where email = ${MARKER}`);
  if (done) return { customers: 0, invoices: 0 };
  const userId = admin.id;
  const today = todayInDubai(opts.now);
  const month = (n: number, day: number) => addDays(addMonths(monthStart(today), -n), day - 1);

  let bank = (await listBankAccounts(db))[0];
  bank ??= await createBankAccount(db, userId, { name: 'Emirates NBD operating', bankName: 'Emirates NBD', iban: 'AE070331234567890123456', ledgerAccountCode: '1110', kind: 'operating', currency: 'AED' });

  const tenant = await createCustomer(db, userId, {
    name: 'Rania Saleh',
    email: 'rania.saleh@example.ae',
    kind: 'tenant',
    trn: null,
    address: { line1: 'Apartment 1406, Marina Gate 2', city: 'Dubai', emirate: 'dubai', country: 'AE' },
    paymentTermsDays: 5,
    creditLimit: null,
    currency: 'AED',
  });
  const corporate = await createCustomer(db, userId, {
    name: 'Al Noor Facilities Management LLC',
    email: MARKER,
    kind: 'service_client',
    trn: '100234567800003',
    address: { line1: 'Office 702, Al Bateen Tower, King Abdullah Bin Abdulaziz Al Saud Street', city: 'Abu Dhabi', emirate: 'abu_dhabi', country: 'AE' },
    paymentTermsDays: 30,
    creditLimit: 15_000_000n,
    currency: 'AED',
  });
  const buyer = await createCustomer(db, userId, {
    name: 'Oliver Bennett',
    email: 'oliver.bennett@example.co.uk',
    kind: 'buyer',
    trn: null,
    address: { line1: '14 Kensington Church Street', city: 'London', emirate: null, country: 'GB' },
    paymentTermsDays: 14,
    creditLimit: null,
    currency: 'GBP',
  });
  const behind = await createCustomer(db, userId, {
    name: 'Palm Crest Holiday Homes LLC',
    email: 'finance@palmcrest-homes.ae',
    kind: 'service_client',
    trn: '100876543200003',
    address: { line1: 'Shop 4, Jumeirah Beach Residence, The Walk', city: 'Dubai', emirate: 'dubai', country: 'AE' },
    paymentTermsDays: 15,
    creditLimit: null,
    currency: 'AED',
  });

  let invoices = 0;
  const issued = async (input: InvoiceInput) => {
    const draft = await createInvoice(db, userId, input);
    invoices += 1;
    return issueInvoice(db, userId, draft.id);
  };
  const management = (n: number) =>
    issued({
      customerId: corporate.id,
      date: month(n, 1),
      dueDate: addDays(month(n, 1), 30),
      reference: `PO-AN-${2400 + n}`,
      lines: [
        line('Property management, 12 units at Al Reem Island', '12', 85_000n),
        line('Annual fire and life safety inspection', '1', 420_000n, { discount: 20_000n }),
      ],
    });

  // Al Noor: three months of management fees: the oldest paid, the next part paid with a credit note, the last open.
  const m3 = await management(3);
  await recordInvoicePayment(db, userId, m3.id, { amount: BigInt(m3.total), date: addDays(m3.date, 26), bankAccountId: bank.id, reference: 'FT24-AN-0193' });
  const m2 = await management(2);
  await createCreditNote(db, userId, m2.id, { date: addDays(m2.date, 9), reason: 'Two units were handed back to the owner mid-month', lines: [{ lineNo: 1, net: 170_000n }] });
  await recordInvoicePayment(db, userId, m2.id, { amount: 500_000n, date: addDays(m2.date, 28), bankAccountId: bank.id, reference: 'FT24-AN-0231' });
  await management(1);

  // Oliver Bennett: a furnishing package invoiced in pounds, paid in dirhams at a better rate (an exchange gain).
  const gbp = await issued({
    customerId: buyer.id,
    date: month(2, 10),
    dueDate: addDays(month(2, 10), 14),
    currency: 'GBP',
    lines: [line('Furnishing package, two-bedroom apartment, Dubai Hills Estate', '1', 1_250_000n), line('Handover snagging inspection', '1', 45_000n)],
  });
  await recordInvoicePayment(db, userId, gbp.id, { amount: BigInt(gbp.totalAed) + 21_450n, amountDoc: BigInt(gbp.total), date: addDays(gbp.date, 12), bankAccountId: bank.id, reference: 'SWIFT BENNETT O' });

  // Palm Crest: short-let services four months ago and two months ago, neither paid: one is over 90 days late.
  for (const n of [4, 2]) {
    await issued({
      customerId: behind.id,
      date: month(n, 5),
      dueDate: addDays(month(n, 5), 15),
      lines: [line('Short-let guest turnover and linen service', '46', 18_000n), line('Listing management commission', '1', 310_000n)],
    });
  }

  // Rania Saleh: monthly rent on a demo property (residential rent is exempt), and a payment in advance that sits as credit.
  const [property] = await q<{ reference: string }>(db, sql`select reference from properties order by reference limit 1`);
  await createRecurring(db, userId, {
    name: 'Monthly rent, Marina Gate 2 apartment 1406',
    customerId: tenant.id,
    lines: [line('Rent', '1', 950_000n, { taxCode: 'exempt', property: property?.reference ?? null })],
    dayOfMonth: 1,
    startDate: month(3, 1),
    endDate: null,
  });
  const run = await runRecurring(db, userId, today);
  invoices += run.created.length;
  const rents = run.created.slice(0, 2);
  for (const r of rents) await recordInvoicePayment(db, userId, r.invoiceId, { amount: 950_000n, date: addDays(`${r.period}-01`, 3), bankAccountId: bank.id, reference: 'Standing order' });
  await recordCustomerPayment(db, userId, { customerId: tenant.id, amount: 200_000n, date: month(1, 20), bankAccountId: bank.id, reference: 'Deposit top-up', allocations: [] });

  // A draft waiting to be issued.
  await createInvoice(db, userId, {
    customerId: corporate.id,
    date: today,
    dueDate: addDays(today, 30),
    lines: [line('Snagging inspection, 8 handover units at Saadiyat Grove', '8', 65_000n)],
  });
  invoices += 1;
  return { customers: 4, invoices };
}
