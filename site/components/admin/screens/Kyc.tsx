/**
 * The admin KYC screen (/admin/kyc), built in ../kyc/: the review queue (Queue.tsx), one application
 * (ApplicationDetail.tsx, application-sections.tsx), the decisions (DecisionDialogs.tsx) and the
 * screening lists tab (ScreeningLists.tsx). Other screens take the badges and paths from here.
 */
export { default } from '../kyc/KycScreen';
export { ADMIN_KYC_ENDPOINT, applicationPath, StatusBadge, statusTone } from '../kyc/parts';
export { DEFAULT_FILTERS, queueUrl, type QueueFilters } from '../kyc/Queue';
