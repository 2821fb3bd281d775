/**
 * Sales: the catalogue (services and stock items) with price lists, quotations (PDF, email), sales orders,
 * deliveries (stock issued through inventory at cost to 5510) and invoices raised through receivables.
 * Contract: ./contract.ts. Decision: docs/decisions/021-sales.md.
 */
export { salesRoutes } from './routes';
export { createPriceList, createProduct, listProducts } from './catalogue';
export { createQuotation, decideQuotation, getQuotation } from './quotations';
export { acceptQuotation, cancelOrder, createOrder, getOrder } from './orders';
export { deliverOrder } from './deliver-order';
export { invoiceOrder } from './invoice-order';
export { sendQuotation } from './send-quotation';
export { salesSummary } from './summary';
export { seedSales } from './seed';
export * from './contract';
