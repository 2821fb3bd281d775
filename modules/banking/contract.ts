/**
 * Banking: the operator's bank accounts, each mapped to a cash-and-bank ledger account, their imported
 * statements and the reconciliation. Browser-safe. Amounts are strings of integer fils in JSON.
 */
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from 'zod';

export const BANK_ACCOUNT_KINDS = ['operating', 'client_money', 'escrow'] as const;
export type BankAccountKind = (typeof BANK_ACCOUNT_KINDS)[number];
export const bankAccountKindLabels: Record<BankAccountKind, string> = { operating: 'Operating', client_money: 'Client money', escrow: 'Escrow' };

export const bankingMessages = {
  name: 'Give the bank account a name of up to 120 characters, for example "Emirates NBD operating".',
  iban: 'That IBAN is not valid. Check the country code, the two check digits and the account number (a UAE IBAN is AE and 21 digits).',
  ledgerAccountCode: 'Choose the ledger account this bank account posts to: a cash and bank account such as 1110.',
  notBankLedger: (code: string) => `Account ${code} is not a cash and bank posting account. Choose one under 1100 Cash and bank.`,
  notFound: 'There is no such bank account.',
} as const;

/** An IBAN in its electronic form (no spaces, upper case), checked by country length and mod-97. */
export const ibanSchema = z
  .string({ error: bankingMessages.iban })
  .max(64, bankingMessages.iban)
  .transform((v) => electronicFormatIBAN(v) ?? '')
  .refine((v) => isValidIBAN(v), bankingMessages.iban);

export const createBankAccountInput = z.object({
  name: z.string({ error: bankingMessages.name }).trim().min(1, bankingMessages.name).max(120, bankingMessages.name),
  iban: ibanSchema,
  ledgerAccountCode: z.string({ error: bankingMessages.ledgerAccountCode }).trim().regex(/^\d{3,10}$/, bankingMessages.ledgerAccountCode),
  kind: z.enum(BANK_ACCOUNT_KINDS).default('operating'),
  bankName: z.string().trim().max(120).default(''),
  currency: z.literal('AED').default('AED'),
});
export type CreateBankAccountInput = z.infer<typeof createBankAccountInput>;

export type BankAccountJson = {
  id: string;
  name: string;
  bankName: string;
  iban: string;
  kind: BankAccountKind;
  currency: string;
  ledgerAccountCode: string;
  ledgerAccountName: string;
  createdAt: string;
};
