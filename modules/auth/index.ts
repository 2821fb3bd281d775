export { authRoutes } from './routes';
export { authPlugin } from './plugin';
export { createSession, forgetCachedSessions, loadSession, toCurrentUser, type UserRow } from './sessions';
export * from './contract';
