export { authRoutes } from './routes';
export { authPlugin } from './plugin';
export { createSession, forgetCachedSessions, loadSession, toCurrentUser, type UserRow } from './sessions';
export * from './contract';
export { POLICIES, publicWriteChecks, takeAttempt, type Check, type Policy } from './throttle';
export { sealPlaintextTotpSecrets } from './totp-secret';
