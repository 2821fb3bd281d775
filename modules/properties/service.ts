/**
 * The property catalogue: public list and detail (published statuses only), the admin's create, edit
 * and status actions, photos and documents, valuation and rent history, and market index figures.
 * Every admin write records itself in the audit log inside its own transaction.
 *
 * One use case per file: property-detail.ts, list-properties.ts, property-writes.ts, property-media.ts,
 * market-data.ts and property-stats.ts. This file keeps the surface routes and other modules import.
 */
export { cardJson, getProperty, getPublicProperty, MAX_DOCUMENTS, MAX_PHOTOS, type Actor } from './property-detail';
export { coversFor, listLocations, listProperties, listSitemapEntries } from './list-properties';
export { applyAction, createProperty, publishGaps, updateProperty } from './property-writes';
export { addDocument, addPhoto, removeDocument, removePhoto, updatePhoto } from './property-media';
export {
  listMarketFigures,
  propertyHistory,
  recordMarketFigure,
  recordRent,
  recordValuation,
  removeMarketFigure,
  removeRent,
  removeValuation,
  type HistoryJson,
  type MarketSeriesJson,
} from './market-data';
export { propertyStats, type PropertyStatsJson } from './property-stats';
