/**
 * /admin/kyc: the verification review queue and, at ?application=<userId>, one application with its
 * data, documents and decisions. A second tab (?tab=screening) manages the sanctions and PEP screening lists.
 */
import { lazy, Suspense } from 'react';
import { Link, useSearch } from 'wouter';
import { cx, ScreenIntro } from '../ui';
import { ApplicationDetail } from './ApplicationDetail';
import { BASE } from './parts';
import { Queue } from './Queue';

const ScreeningLists = lazy(() => import('./ScreeningLists'));

export default function KycScreen() {
  const params = new URLSearchParams(useSearch());
  const application = params.get('application');
  const tab = params.get('tab') === 'screening' ? 'screening' : 'queue';

  if (application) return <ApplicationDetail userId={application} />;
  return (
    <>
      <ScreenIntro
        description="Identity verification applications and their documents. An investor can fund their wallet and invest only once their application is approved here; every decision is recorded in the audit log and the investor is notified."
      />
      <Tabs current={tab} />
      {tab === 'screening' ? (
        <div className="mt-6">
          <Suspense
            fallback={
              <p role="status" className="text-sm text-slate-500">
                Loading the screening lists…
              </p>
            }
          >
            <ScreeningLists />
          </Suspense>
        </div>
      ) : (
        <Queue />
      )}
    </>
  );
}

function Tabs({ current }: { current: 'queue' | 'screening' }) {
  const tabs = [
    { key: 'queue', title: 'Review queue', href: BASE },
    { key: 'screening', title: 'Screening lists', href: `${BASE}?tab=screening` },
  ] as const;
  return (
    <nav aria-label="Verification views" className="mt-6 border-b border-slate-200">
      <ul className="-mb-px flex gap-6">
        {tabs.map((t) => (
          <li key={t.key}>
            <Link
              href={t.href}
              aria-current={current === t.key ? 'page' : undefined}
              className={cx(
                'inline-block border-b-2 px-1 pb-3 text-sm font-medium',
                current === t.key ? 'border-brand-700 text-brand-900' : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-ink',
              )}
            >
              {t.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
