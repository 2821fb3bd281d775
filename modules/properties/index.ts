/**
 * Properties: the catalogue (public list and detail), its admin (create, edit, publish, close, photos,
 * documents, audit) and market data (valuations, rents, market index figures).
 * Purchases (money-api) update properties.shares_sold themselves with a conditional UPDATE, in share
 * units (SHARE_SCALE per share); the database CHECK keeps 0 <= shares_sold <= total_shares.
 */
export { properties, propertyPhotos, propertyDocuments, propertyValuations, propertyRents, marketIndexFigures } from './schema';
export type { Property, NewProperty, PropertyPhoto, PropertyDocument, PropertyValuation, PropertyRent, MarketIndexFigure } from './schema';
export * from './contract';
export { propertyRoutes, publicPropertyRoutes, adminPropertyRoutes, marketDataRoutes } from './routes';
export { listProperties, getProperty, getPublicProperty, createProperty, updateProperty, applyAction } from './service';
export { invalidateCatalogue } from './catalogue';
export { listAdminProperties } from './admin-list';
export * from './admin-list-contract';
export { seedDemoProperties } from './seed';
