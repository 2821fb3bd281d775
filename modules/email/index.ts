export { deliverQueuedEmails, emailDeliveryConfigured, emailDeliveryWarning, listOutbox, queueEmail, queueEmails, sendEmail, setEmailTransport, type EmailAttachment, type EmailMessage, type EmailThreading, type EmailTransport } from './service';
export { devMailboxDir, readDevMailbox, type DevMail } from './dev-mailbox';
export { LINK_REMOVED, redactSecrets, SECRET_REMOVED } from './redact';
export { emailOutbox } from './schema';
