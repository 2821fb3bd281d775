import type { MouseEvent } from 'react';
import { KYC_STEPS, type KycStepSlug, kycStepIndex } from './steps';
import { isPlainClick } from './use-path-step';

type Props = {
  current: KycStepSlug;
  completed: readonly KycStepSlug[];
  /** Client-side navigation; without it the steps are plain links. */
  onNavigate?: (slug: KycStepSlug) => void;
};

/** The six verification steps across the top of each step screen; the current one carries aria-current="step". */
export function KycStepper({ current, completed, onNavigate }: Props) {
  const currentIndex = kycStepIndex(current);
  const onClick = (slug: KycStepSlug) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || !isPlainClick(e)) return;
    e.preventDefault();
    onNavigate(slug);
  };
  return (
    <nav aria-label="Verification steps">
      <p className="mb-3 text-sm text-slate-600 md:hidden">
        Step {currentIndex + 1} of {KYC_STEPS.length}: <span className="font-medium text-ink">{KYC_STEPS[currentIndex].label}</span>
      </p>
      <ol className="flex items-start">
        {KYC_STEPS.map((s, i) => {
          const isCurrent = s.slug === current;
          const isDone = completed.includes(s.slug) && !isCurrent;
          const circle = isCurrent
            ? 'border-brand-700 bg-brand-700 text-white ring-4 ring-brand-100'
            : isDone
              ? 'border-brand-600 bg-brand-50 text-brand-700'
              : 'border-slate-300 bg-white text-slate-500';
          return (
            <li key={s.slug} className="relative flex flex-1 flex-col items-center">
              {i > 0 && (
                <span
                  aria-hidden="true"
                  className={`absolute right-1/2 top-4 h-0.5 w-full -translate-y-1/2 ${i <= currentIndex ? 'bg-brand-300' : 'bg-slate-200'}`}
                />
              )}
              <a
                href={s.path}
                onClick={onClick(s.slug)}
                aria-current={isCurrent ? 'step' : undefined}
                className="group relative z-10 flex flex-col items-center gap-2 rounded-lg px-1 text-center focus-visible:outline-2"
              >
                <span className={`grid h-8 w-8 place-items-center rounded-full border-2 text-sm font-semibold transition-colors ${circle}`}>
                  {isDone ? (
                    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" aria-hidden="true">
                      <path d="M20 6 9 17l-5-5" />
                    </svg>
                  ) : (
                    <span aria-hidden="true">{i + 1}</span>
                  )}
                </span>
                <span
                  className={`sr-only text-xs md:not-sr-only lg:text-sm ${isCurrent ? 'font-semibold text-ink' : 'text-slate-600 group-hover:text-ink'}`}
                >
                  {s.label}
                  {isDone && <span className="sr-only"> (done)</span>}
                </span>
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
