export { staffRoutes } from './routes';
export { staffInvites } from './schema';
export * from './contract';
