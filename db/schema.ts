// The one drizzle schema: every module's tables, re-exported. drizzle-kit reads this file.
export * from '../modules/auth/schema';
export * from '../modules/waitlist/schema';
export * from '../modules/contact/schema';
export * from '../modules/email/schema';
export * from '../modules/ledger/schema';
export * from '../modules/chat/schema';
export * from '../modules/budgets/schema';
export * from '../modules/properties/schema';
export * from '../modules/audit/schema';
export * from '../modules/settings/schema';
export * from '../modules/notifications/schema';
export * from '../modules/onboarding/schema';
export * from '../modules/wallet/schema';
export * from '../modules/investing/schema';
export * from '../modules/kyc/screening-schema';
export * from '../modules/files/schema';
export * from '../modules/kyc/schema';
