export { chatRoutes, type ChatDeps } from './routes';
export { answerChatQuery } from './service';
export { buildKnowledge, loadLearnArticles, type ChatKnowledge } from './knowledge';
export * from './contract';
