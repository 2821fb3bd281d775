/** The append-only audit log: `recordAudit(tx, event)` inside the transaction of every admin action. */
export { recordAudit, listAudit, auditCsvRows, AUDIT_CSV_HEADER, type AuditEvent } from './service';
export { auditRoutes } from './routes';
export { auditLog } from './schema';
export * from './contract';
export { auditTrail, type TrailRule } from './trail';
