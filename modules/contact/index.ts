export { contactRoutes } from './routes';
export { listContactMessages, setContactMessageStatus, submitContactMessage } from './service';
export * from './contract';
