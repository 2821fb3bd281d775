export { authRoutes } from './routes';
export { accessDenial, authPlugin, type Access } from './plugin';
export { isStaffRole, mfaRequiredFor, mfaSetupRequiredFor, staffMfaRequired } from './staff-mfa';
export { createSession, forgetCachedSessions, loadSession, toCurrentUser, type UserRow } from './sessions';
export * from './contract';
export { POLICIES, publicWriteChecks, takeAttempt, type Check, type Policy } from './throttle';
export { sealPlaintextTotpSecrets } from './totp-secret';
export { provideSecretBox, type SecretBox } from './secret-box';
