export { contactRoutes } from './routes';
export { listContactMessages, submitContactMessage } from './service';
export * from './contract';
