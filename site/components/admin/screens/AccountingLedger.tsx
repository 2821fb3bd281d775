/**
 * The accounting ledger (/admin/erp/accounting-ledger): the general ledger with its filters, opening
 * and running balances, server-side pages and a streamed CSV export.
 */
import { ListTree, NotebookPen } from 'lucide-react';
import { ButtonLink, ScreenIntro } from '../ui';
import { GeneralLedgerView } from '../ledger/GeneralLedgerView';

export default function AccountingLedger() {
  return (
    <>
      <ScreenIntro
        description="Every posted journal line, account by account, with the opening balance, a running balance after each line and the closing balance. Filter by account, dates, cost center or property; drafts never appear here."
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
      <GeneralLedgerView idPrefix="erp-gl" />
    </>
  );
}
