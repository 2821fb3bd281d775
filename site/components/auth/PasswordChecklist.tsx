import { passwordChecklist } from './password-rules';

/** The four rules, ticked off live as the password is typed. */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const rules = passwordChecklist(password);
  return (
    <ul id={id} aria-label="Password requirements" className="mt-3 space-y-1.5 text-sm" data-testid="password-checklist">
      {rules.map((r) => (
        <li key={r.message} data-met={r.met} className={`flex items-start gap-2 ${r.met ? 'text-brand-800' : 'text-slate-600'}`}>
          {r.met ? (
            <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true" className="mt-0.5 shrink-0 text-brand-600">
              <path d="M20 6 9 17l-5-5" />
            </svg>
          ) : (
            <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" className="mt-0.5 shrink-0 text-slate-400">
              <circle cx="12" cy="12" r="9" />
            </svg>
          )}
          <span>
            {r.message}
            <span className="sr-only">{r.met ? ' (done)' : ' (not yet)'}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
