import { and, eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { paymentPayees } from './schema';
import type { PayeeStore } from './stripe';

/** The payee store on the payment_payees table. */
export function dbPayeeStore(db: Db, provider: string): PayeeStore {
  return {
    async get(userId, iban) {
      const [row] = await db
        .select({ ref: paymentPayees.payeeRef })
        .from(paymentPayees)
        .where(and(eq(paymentPayees.provider, provider), eq(paymentPayees.userId, userId), eq(paymentPayees.iban, iban)));
      return row?.ref ?? null;
    },
    async set(userId, iban, payeeRef) {
      await db.insert(paymentPayees).values({ provider, userId, iban, payeeRef }).onConflictDoNothing();
    },
  };
}
