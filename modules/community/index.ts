/**
 * Community: categories, threads and replies in sanitised Markdown, reactions, badges for verified investors and
 * for holders of the property a thread is about, reports and a moderation queue (hide, lock, ban, with reasons in
 * the audit log). Contract: ./contract.ts. Decision 025.
 */
export { communityRoutes, communityAdminRoutes, communityPlugin } from './routes';
export { listCategories, listThreads, getThread, communityStatus } from './read';
export { createThread, replyToThread, toggleReaction, reportPost } from './write';
export { hidePost, lockThread, banUser, dismissReport, listReports, listPosts, listBans } from './moderation';
export { renderMarkdown } from './markdown';
export { seedCommunity } from './seed';
export * from './contract';
