import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CurrentUser } from '@modules/auth/contract';
import type { KycApplicationJson } from '@modules/kyc/contract';
import { ApiError, api, errorText } from '@site/lib/api';
import { ME_KEY } from '@site/lib/stores/auth';
import { type FieldErrors, type FormStep, sameAsSaved, saveLocalDraft, type StepForms, stepErrors, toInput } from './kyc-draft';
import type { SaveState } from './SaveStatus';

export const KYC_KEY = ['/api/kyc'] as const;
/** How long after the last keystroke a whole step is saved to the account. */
export const KYC_AUTOSAVE_MS = 800;

export function useKycApplication(opts: { enabled?: boolean; refetchInterval?: number | false } = {}) {
  return useQuery({
    queryKey: KYC_KEY,
    queryFn: ({ signal }) => api.get<KycApplicationJson>('/api/kyc', { signal }),
    enabled: opts.enabled ?? true,
    refetchInterval: opts.refetchInterval ?? false,
    refetchIntervalInBackground: false,
  });
}

/** Keeps the cached application and, when the status moved, the current user (banner, gate) up to date. */
export function useAcceptApplication(user: CurrentUser) {
  const queryClient = useQueryClient();
  return useCallback(
    (app: KycApplicationJson) => {
      queryClient.setQueryData(KYC_KEY, app);
      if (app.status !== user.kycStatus) void queryClient.invalidateQueries({ queryKey: ME_KEY });
    },
    [queryClient, user.kycStatus],
  );
}

export type SaveResult = { ok: true; app: KycApplicationJson } | { ok: false; fields: Record<string, string> };

const fieldsOf = (err: unknown): Record<string, string> =>
  err instanceof ApiError ? ((err.body as { fields?: Record<string, string> } | undefined)?.fields ?? {}) : {};

/**
 * Save as you go for one form step: every change is kept in the tab at once and, once the step's
 * answers are whole, saved to the account a moment after the last change (and on Continue, via
 * saveNow). The server's messages per field come back as serverErrors.
 */
export function useStepSave<K extends FormStep>(user: CurrentUser, step: K, form: StepForms[K], app: KycApplicationJson | undefined) {
  const accept = useAcceptApplication(user);
  const initialSaved = Boolean(app?.steps[step]?.complete) && sameAsSaved(step, form, app);
  const [status, setStatus] = useState<SaveState>(initialSaved ? { state: 'saved', at: app?.updatedAt ? Date.parse(app.updatedAt) : undefined } : { state: 'idle' });
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const latest = useRef({ form, app });
  latest.current = { form, app };
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const first = useRef(true);

  const save = useCallback(async (): Promise<SaveResult> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const { form: f, app: a } = latest.current;
    if (a?.steps[step]?.complete && sameAsSaved(step, f, a)) {
      setStatus((s) => (s.state === 'saved' ? s : { state: 'saved', at: Date.now() }));
      return { ok: true, app: a };
    }
    setStatus({ state: 'saving' });
    try {
      const next = await api.put<KycApplicationJson>(`/api/kyc/${step}`, toInput[step](f));
      accept(next);
      setServerErrors({});
      setStatus({ state: 'saved', at: Date.now() });
      return { ok: true, app: next };
    } catch (err) {
      const fields = fieldsOf(err);
      setServerErrors(fields);
      setStatus({ state: 'error', message: `Not saved: ${errorText(err, 'check your connection')}` });
      return { ok: false, fields };
    }
  }, [accept, step]);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    saveLocalDraft(user.id, step, form);
    setServerErrors({});
    if (timer.current) clearTimeout(timer.current);
    if (Object.keys(stepErrors(step, form)).length) {
      setStatus({ state: 'local', message: 'Kept in this tab. It saves to your account once the step is complete.' });
      return;
    }
    setStatus({ state: 'idle' });
    timer.current = setTimeout(() => void save(), KYC_AUTOSAVE_MS);
  }, [form]);

  // Leaving the step (another step, the stepper) with a save still waiting: save now rather than drop it.
  useEffect(
    () => () => {
      if (timer.current) void save();
    },
    [save],
  );

  return { status, serverErrors, saveNow: save };
}
