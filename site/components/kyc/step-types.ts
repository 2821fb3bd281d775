import type { CurrentUser } from '../../../modules/auth/contract';
import type { KycDraft } from './kyc-draft';
import type { KycStepSlug } from './steps';

export type StepFormProps = {
  user: CurrentUser;
  draft: KycDraft;
  /** Updates the draft and keeps it in sessionStorage. */
  setDraft: (update: (d: KycDraft) => KycDraft) => void;
  /** Marks this step done (when it validates) and moves on. */
  complete: () => void;
  go: (slug: KycStepSlug) => void;
};
