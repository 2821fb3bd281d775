import type { CurrentUser } from '@modules/auth/contract';
import type { KycApplicationJson } from '@modules/kyc/contract';
import type { KycStepSlug } from './steps';

export type StepFormProps = {
  user: CurrentUser;
  /** The application as GET /api/kyc last answered (kept fresh by every save). */
  app: KycApplicationJson;
  /** Moves on to the step after this one. */
  next: () => void;
  go: (slug: KycStepSlug) => void;
};
