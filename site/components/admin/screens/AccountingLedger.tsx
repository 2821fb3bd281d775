/**
 * The accounting ledger (/admin/erp/accounting-ledger): the general ledger with its filters, opening
 * and running balances, server-side pages and a streamed CSV export; the fiscal periods (close and
 * reopen months, close the year); and the recurring entries. The view is in the address (?view=periods,
 * ?view=recurring) so a link or Back returns to it.
 */
import { ListTree, NotebookPen } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { PeriodsPanel } from '@modules/ledger/ui/admin/PeriodsPanel';
import { RecurringEntriesPanel } from '@modules/ledger/ui/admin/RecurringEntriesPanel';
import { ButtonLink, ScreenIntro, TabLinks } from '../ui';
import { GeneralLedgerView } from '../ledger/GeneralLedgerView';

const VIEWS = [
  { key: 'ledger', title: 'General ledger' },
  { key: 'periods', title: 'Periods' },
  { key: 'recurring', title: 'Recurring entries' },
] as const;

export default function AccountingLedger() {
  const [path] = useLocation();
  const requested = new URLSearchParams(useSearch()).get('view');
  const view = VIEWS.find((v) => v.key === requested)?.key ?? 'ledger';
  return (
    <>
      <ScreenIntro
        description="Every posted journal line, account by account, with the opening balance, a running balance after each line and the closing balance. Close and reopen months, close the year, and keep the entries that repeat every month."
        actions={
          <>
            <ButtonLink href="/admin/chart-of-accounts" icon={ListTree}>
              Chart of accounts
            </ButtonLink>
            <ButtonLink href="/admin/journal-entries" icon={NotebookPen}>
              Journal entries
            </ButtonLink>
          </>
        }
      />
      <TabLinks label="Ledger views" current={view} tabs={VIEWS.map((v) => ({ key: v.key, title: v.title, href: v.key === 'ledger' ? path : `${path}?view=${v.key}` }))} />
      <div className="mt-6">
        {view === 'periods' ? <PeriodsPanel /> : view === 'recurring' ? <RecurringEntriesPanel /> : <GeneralLedgerView idPrefix="erp-gl" />}
      </div>
    </>
  );
}
