/**
 * KYC: the investor's identity verification (/kyc steps, documents, submission) and the admins' review
 * (/admin/kyc, the document center). users.kyc_status mirrors the application's status, so
 * GET /api/auth/me and every "verified?" check (isKycVerified) follow it. Contract: ./contract.ts.
 */
export { kycRoutes } from './routes';
export { getApplication } from './service';
export { getApplicationDetail } from './review';
export { listApplications, listDocuments } from './admin-list';
export * from './admin-list-contract';
export { seedKycDemo } from './seed';
export { provideRetailUsage, type RetailUsageSource } from './retail-usage';
export * from './contract';
