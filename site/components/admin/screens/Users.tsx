/**
 * Users (/admin/users): investors (wallet, invested, holdings) and all accounts, each an AdminTable.
 * Which list shows is in the URL too (?view=accounts), so a shared link opens the same list.
 */
import { useLocation, useSearch } from 'wouter';
import { ScreenIntro, cx } from '../ui';
import { AccountsList } from './users/accounts-list';
import { InvestorsList } from './users/investors-list';

export { INVESTORS_URL } from './users/investors-list';

const VIEWS = [
  { key: 'investors', label: 'Investors' },
  { key: 'accounts', label: 'All accounts' },
] as const;

export default function Users() {
  const [location, navigate] = useLocation();
  const view = new URLSearchParams(useSearch()).get('view') === 'accounts' ? 'accounts' : 'investors';
  return (
    <>
      <ScreenIntro
        description={
          view === 'investors'
            ? 'Everyone who invests with Manzil: whether their identity is verified, what they hold in their wallet, what they have invested and what it is worth at the latest valuations.'
            : 'Everyone with a Manzil account, newest first: who they are, whether their identity is verified, and whether they protect sign-in with a second step.'
        }
      />
      <div role="group" aria-label="Which list" className="mt-6 inline-flex rounded-lg border border-slate-300 bg-white p-0.5 text-sm">
        {VIEWS.map((v) => (
          <button
            key={v.key}
            type="button"
            aria-pressed={view === v.key}
            // Each list has its own search and filters: switching starts the other one afresh.
            onClick={() => view !== v.key && navigate(v.key === 'investors' ? location : `${location}?view=${v.key}`)}
            className={cx('rounded-md px-3 py-1.5 font-medium', view === v.key ? 'bg-brand-800 text-white' : 'text-slate-600 hover:bg-slate-50')}
          >
            {v.label}
          </button>
        ))}
      </div>
      {view === 'investors' ? <InvestorsList /> : <AccountsList />}
    </>
  );
}
