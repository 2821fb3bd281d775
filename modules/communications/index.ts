/**
 * Communications: the inbox (a conversation per contact message, replies through the email outbox, assignment and
 * status) and announcements to segments from templates, in-app and by email, now or scheduled, with delivery
 * figures and an unsubscribe link. Contract: ./contract.ts. Decision: docs/decisions/027-communications.md.
 */
export { communicationsRoutes } from './routes';
export { startAnnouncementScheduler } from './scheduler';
export { createAnnouncement, getAnnouncement, listAnnouncements, sendDueAnnouncements, sendIfScheduled, cancelAnnouncement } from './announcements';
export { getThread, listThreads, recordInbound, replyToThread, updateThread, markThreadRead } from './inbox';
export { segmentCount, segmentRecipients } from './segments';
export { createTemplate, listTemplates } from './templates';
export { unsubscribe, unsubscribeToken, unsubscribeUrl, verifyUnsubscribeToken } from './unsubscribe';
export { seedCommunications } from './seed';
export * from './contract';
