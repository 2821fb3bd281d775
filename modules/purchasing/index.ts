/**
 * Suppliers, purchasing and payables: suppliers, purchase requests (approval threshold), purchase orders (PDF
 * to the supplier), receipts (Dr expense / Cr 2330), supplier bills with a three-way match (held when they
 * differ), debit notes, payments (single and batch with the bank file), payables aging and cash requirements,
 * and the reconciliation's MatchSource for open bills. Contract: ./contract.ts.
 */
export { purchasingRoutes } from './routes';
export { purchasingMatchSource } from './match-source';
export { toPurchaseOrderDocument } from './po-document';
export type { PurchaseOrderDocument, PurchaseOrderLine } from './document';
export { createSupplier, getSupplier, listSuppliers, updateSupplier } from './suppliers';
export { approveRequest, createRequest, getRequest, listRequests, rejectRequest } from './requests';
export { cancelOrder, closeOrder, createOrder } from './orders';
export { getOrder, listOrders } from './order-read';
export { sendOrder } from './send-order';
export { receiveGoods } from './receipts';
export type { StockReceipt, StockReceiver } from './stock-port';
export { createBill } from './create-bill';
export { approveVariance, rejectBill } from './bill-review';
export { getBill, listBills } from './bill-read';
export { createDebitNote } from './debit-notes';
export { batchFile, getBatch, payBatch, payBill, recordPayment } from './payments';
export { cashRequirements, payablesAging } from './payables';
export { seedPurchasing } from './seed';
export * from './contract';
