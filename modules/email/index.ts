export { listOutbox, sendEmail, setEmailTransport, type EmailMessage } from './service';
export { emailOutbox } from './schema';
