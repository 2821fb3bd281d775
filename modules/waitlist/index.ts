export { waitlistRoutes } from './routes';
export { joinWaitlist, listWaitlist } from './service';
export * from './contract';
