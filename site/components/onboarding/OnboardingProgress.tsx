/** The onboarding flow's progress bar, and the plain-click handler its links share. */
import { type MouseEvent } from 'react';
import { ONBOARDING_STEPS } from '@modules/onboarding/contract';
import { isPlainClick } from '../kyc/use-path-step';
import { type OnboardingRoute } from './onboarding';

export function navLink(go: (v: OnboardingRoute) => void, v: OnboardingRoute) {
  return (e: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(e)) return;
    e.preventDefault();
    go(v);
  };
}

export function Progress({ index }: { index: number }) {
  const total = ONBOARDING_STEPS.length;
  const label = `Step ${index + 1} of ${total}: ${ONBOARDING_STEPS[index].label}`;
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <p className="font-medium text-sand-700">Getting started</p>
        <p className="text-slate-600">
          Step {index + 1} of {total}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Onboarding progress"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={index + 1}
        aria-valuetext={label}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-gradient-to-r from-brand-600 to-sand-400 transition-[width] duration-500" style={{ width: `${((index + 1) / total) * 100}%` }} />
      </div>
      <ol className="mt-3 hidden grid-cols-4 text-xs text-slate-500 sm:grid" aria-hidden="true">
        {ONBOARDING_STEPS.map((s, i) => (
          <li key={s.slug} className={i === index ? 'font-semibold text-ink' : i < index ? 'text-brand-700' : ''}>
            {s.label}
          </li>
        ))}
      </ol>
    </div>
  );
}
