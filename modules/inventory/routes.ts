import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '@db/client';
import { csvResponse, exportName } from '@api/list';
import { authPlugin } from '@modules/auth';
import { idempotencyKeyOf, sessionGate, withIdempotency } from '@modules/wallet';
import {
  createItemInput,
  createLocationInput,
  createMoveInput,
  idParam,
  itemsListQuery,
  LOCATION_KINDS,
  locationsListQuery,
  movesListQuery,
  reorderRequestInput,
  stockQuery,
  updateItemInput,
  valuationQuery,
} from './contract';
import { createItem, getItem, ITEMS_CSV_HEADER, itemCsvRows, listItems, updateItem } from './items';
import { createLocation, listLocations, LOCATIONS_CSV_HEADER, locationCsvRows } from './locations';
import { getMove, itemLedger, listMoves, MOVES_CSV_HEADER, moveCsvRows, stockOnHand } from './move-read';
import { recordMove } from './record-move';
import { createReorderRequests } from './reorder';
import { reorderSuggestions, valuationAsOf } from './valuation';

const stockListQuery = stockQuery.extend({ kind: z.enum(LOCATION_KINDS, { error: `kind must be one of: ${LOCATION_KINDS.join(', ')}` }).optional() });

/**
 * Inventory (contract: ./contract.ts), all under /api/admin/inventory:
 *   items          list, export, create, read, change; /:id/ledger the item's stock ledger
 *   locations      list, export, create
 *   moves          list, export, record (receipt, issue, transfer, adjustment)
 *   stock          on hand by item and location; valuation?asOf the value at a date (= ledger 1810)
 *   reorder        items at or below their reorder level; /reorder/requests raises purchase requests
 */
export const inventoryRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  return new Elysia({ prefix: '/api/admin/inventory' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .get('/items', ({ query }) => listItems(db, query), { auth: 'finance:read', query: itemsListQuery })
    .get('/items/export', ({ query }) => csvResponse(exportName('inventory-items'), ITEMS_CSV_HEADER, itemCsvRows(db, query)), { auth: 'finance:read', query: itemsListQuery })
    .post(
      '/items',
      async ({ user, body, set }) => {
        const item = await createItem(db, user.id, body);
        set.status = 201;
        return item;
      },
      { auth: 'finance:write', body: createItemInput },
    )
    .get('/items/:id', ({ params }) => getItem(db, params.id), { auth: 'finance:read', params: idParam })
    .patch('/items/:id', ({ user, params, body }) => updateItem(db, user.id, params.id, body), { auth: 'finance:write', params: idParam, body: updateItemInput })
    .get('/items/:id/ledger', ({ params }) => itemLedger(db, params.id), { auth: 'finance:read', params: idParam })
    .get('/locations', ({ query }) => listLocations(db, query), { auth: 'finance:read', query: locationsListQuery })
    .get('/locations/export', ({ query }) => csvResponse(exportName('inventory-locations'), LOCATIONS_CSV_HEADER, locationCsvRows(db, query)), { auth: 'finance:read', query: locationsListQuery })
    .post(
      '/locations',
      async ({ user, body, set }) => {
        const location = await createLocation(db, user.id, body);
        set.status = 201;
        return location;
      },
      { auth: 'finance:write', body: createLocationInput },
    )
    .get('/moves', ({ query }) => listMoves(db, query), { auth: 'finance:read', query: movesListQuery })
    .get('/moves/export', ({ query }) => csvResponse(exportName('stock-moves'), MOVES_CSV_HEADER, moveCsvRows(db, query)), { auth: 'finance:read', query: movesListQuery })
    .post(
      '/moves',
      async ({ user, body, set, request }) => {
        // Idempotency-Key honoured: a retried or double-clicked move is recorded once and answered again.
        const result = await withIdempotency(db, { userId: user.id, key: idempotencyKeyOf(request), scope: 'inventory.move', body }, async (tx) => getMove(tx, (await recordMove(tx, user.id, body)).id));
        set.status = result.replay ? 200 : 201;
        if (result.replay) set.headers['idempotent-replay'] = 'true';
        return result.body;
      },
      { auth: 'finance:write', body: createMoveInput },
    )
    .get('/stock', ({ query }) => stockOnHand(db, query), { auth: 'finance:read', query: stockListQuery })
    .get('/valuation', ({ query }) => valuationAsOf(db, query.asOf), { auth: 'finance:read', query: valuationQuery })
    .get('/reorder', () => reorderSuggestions(db), { auth: 'finance:read' })
    .post('/reorder/requests', async ({ user, body, set }) => {
      const result = await createReorderRequests(db, user.id, body.itemIds);
      set.status = 201;
      return result;
    }, { auth: 'finance:write', body: reorderRequestInput });
};
