/**
 * Onboarding: the guided path after signup (goals, experience, risk, preferences) that ends at /kyc.
 */
export { onboardingRoutes } from './routes';
export { getOnboarding, isOnboardingComplete } from './service';
export * from './contract';
