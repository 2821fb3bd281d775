/** Operator settings (the retail annual limit, the four-eyes threshold), changed from /admin/settings and audited. */
export { getSetting, getDistributionApprovalThresholdFils, getMatchPriceToleranceBps, getPurchaseApprovalThresholdFils, getFourEyesThresholdFils, getRetailAnnualLimitFils, listSettings, updateSetting } from './service';
export { settingsRoutes } from './routes';
export { platformSettings } from './schema';
export * from './contract';
