/** Operator settings (e.g. the retail annual limit), changed from /admin/settings and audited. */
export { getSetting, getRetailAnnualLimitFils, listSettings, updateSetting } from './service';
export { settingsRoutes } from './routes';
export { platformSettings } from './schema';
export * from './contract';
