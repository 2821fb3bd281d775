/** The back office's view of one investor (/admin/users/{id}) and the account actions: suspend, unsuspend, reset MFA, resend verification, export, close. */
export { investorAdminRoutes } from './routes';
export { suspendUser, unsuspendUser, resetUserMfa, resendVerification, closeUser, type Actor } from './actions';
export { getUserDetail } from './detail';
export { exportUserData } from './data-export';
export * from './contract';
