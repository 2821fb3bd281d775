import { type FormEvent, useState } from 'react';
import type { CurrentUser } from '@modules/auth/contract';
import type { KycApplicationJson } from '@modules/kyc/contract';
import { focusFirstError } from './fields';
import { type FieldErrors, type FormStep, type StepForms, stepErrors } from './kyc-draft';
import { useStepSave } from './use-kyc';

/**
 * One form step: errors appear after the first Continue, then update live as the investor fixes them;
 * the server's own messages show beside the same fields. Continue saves the step (if the autosave has
 * not already) and, once the server accepts it, moves on; otherwise focus goes to the first problem.
 */
export function useStepForm<K extends FormStep>(
  user: CurrentUser,
  step: K,
  form: StepForms[K],
  app: KycApplicationJson,
  order: readonly string[],
  onValid: () => void,
) {
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const { status, serverErrors, saveNow } = useStepSave(user, step, form, app);
  const errors: FieldErrors = { ...(attempted ? stepErrors(step, form) : {}), ...serverErrors };
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = stepErrors(step, form);
    setAttempted(true);
    if (Object.keys(found).length) return focusFirstError(found, order);
    setBusy(true);
    const saved = await saveNow();
    setBusy(false);
    if (saved.ok) return onValid();
    focusFirstError(saved.fields, order);
  };
  return { errors, onSubmit, status, busy, retry: () => void saveNow() };
}
