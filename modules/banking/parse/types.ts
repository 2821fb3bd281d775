/** What every statement parser returns: pure data, amounts in signed fils (positive money in, negative money out). */
export type ParsedLine = {
  /** YYYY-MM-DD: the booking date when the file has one, else the value date. */
  date: string;
  amount: bigint;
  description: string;
  reference: string;
  counterparty: string;
  /** The bank's own id for the transaction (OFX FITID, MT940 bank reference, CAMT AcctSvcrRef). */
  bankRef?: string;
};

export type ParsedStatement = {
  openingBalance?: bigint;
  closingBalance?: bigint;
  currency?: string;
  /** The period the file states, when it states one. */
  periodFrom?: string;
  periodTo?: string;
  lines: ParsedLine[];
};

/** A file that is not a readable statement of the format claimed; the message says why, for a person. */
export class StatementParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StatementParseError';
  }
}

const clean = (s: unknown) =>
  String(s ?? '')
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Trims a parsed text field to one line of at most `max` characters, without control characters. */
export const field = (s: unknown, max = 500) => clean(s).slice(0, max);
