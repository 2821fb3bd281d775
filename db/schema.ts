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
