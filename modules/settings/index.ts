/** Operator settings (fees, minimums, limits, approval thresholds) with effective dates, changed from /admin/settings and audited. */
export {
  getSetting,
  getDistributionApprovalThresholdFils,
  getMatchPriceToleranceBps,
  getPurchaseApprovalThresholdFils,
  getFourEyesThresholdFils,
  getRetailAnnualLimitFils,
  listSettings,
  rateSchedule,
  type RateSchedule,
  settingHistory,
  settingsOn,
  updateSetting,
} from './service';
export { publicSettings, transactionCharges } from './public';
export { settingsRoutes } from './routes';
export { platformSettingChanges } from './schema';
export * from './contract';
