/**
 * Receivables: customers, invoices (draft → issued → paid) and credit notes with their VAT, payments received
 * and customer credit, the aging, statements, recurring invoices, reminders, and the open invoices offered to
 * the bank reconciliation. Every document posts through ./postings.ts in its own transaction. Contract: ./contract.ts.
 */
export { receivablesRoutes } from './routes';
export { receivablesMatchSource } from './match-source';
export { toCreditNoteDocument, toInvoiceDocument } from './document-build';
export { agingReport } from './aging';
export { runRecurring } from './recurring';
export { seedReceivables } from './seed';
/** For documents of other modules that become invoices (sales orders): draft and issue inside the caller's transaction. */
export { createDraftIn } from './invoice-draft';
export { issueInvoiceIn } from './issue-invoice';
export { customers, invoices, invoiceLines, creditNotes, customerPayments, receivableAllocations, recurringInvoices } from './schema';
export * from './contract';
