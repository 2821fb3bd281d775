/**
 * Inventory: items, locations (warehouses, bins, properties, maintenance jobs), stock moves valued by FIFO or
 * moving average and posted to the ledger (1810 inventory, 1720 fit-out, 5120 maintenance, 5520 stock
 * differences), valuation as at a date, reorder requests through purchasing. Contract: ./contract.ts.
 */
export { inventoryRoutes } from './routes';
export { createItem, getItem, listItems, updateItem } from './items';
export { createLocation, listLocations, seedMainStore } from './locations';
export { ensurePropertyLocation } from './shared';
export { recordMove } from './record-move';
export { stockReceiver } from './stock-receiver';
export { itemLedger, listMoves, stockOnHand } from './move-read';
export { reorderSuggestions, valuationAsOf } from './valuation';
export { createReorderRequests } from './reorder';
export { seedInventory } from './seed';
export * from './contract';
