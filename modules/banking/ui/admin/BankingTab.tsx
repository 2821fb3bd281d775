/**
 * /admin/financial/banking: the bank accounts and their reconciliation. Choose (or add) an account, import a
 * statement, work through the unmatched lines with their suggestions (keyboard first), watch the balances and
 * the explained difference, keep the rules, and read the month's report. API: ../../contract.ts
 * (/api/admin/bank-accounts).
 */
import { useQuery } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { Busy } from '@site/components/admin/ledger/parts';
import { ErrorState } from '@site/components/admin/table/states';
import { EmptyState, ScreenIntro } from '@site/components/admin/ui';
import type { BankAccountJson, ReconciliationJson } from '../../contract';
import { AccountPicker, useChosenAccount } from './account-picker';
import { BalancesHeader } from './balances';
import { ImportPanel } from './import-panel';
import { ReconcileList } from './reconcile-list';
import { ReportSection } from './report';
import { RulesList } from './rules-list';
import { reconciliationUrl } from './shared';
import { StatementsList } from './statements-list';

export default function BankingTab() {
  const { account, accounts, choose, loading, error, retry } = useChosenAccount();
  return (
    <>
      <ScreenIntro description="Import the bank's statements and match each line to the books: accept a suggestion, post what the books miss (charges, interest), or ignore it. The difference between the bank and the ledger is explained line by line." />
      <AccountPicker accounts={accounts} account={account} choose={choose} />
      {loading ? <Busy>Loading the bank accounts…</Busy> : null}
      {error ? <ErrorState error={error} what="the bank accounts" onRetry={retry} /> : null}
      {!loading && !error && !account ? (
        <div className="mt-6">
          <EmptyState icon={Landmark} title="No bank accounts yet">
            Add the company's bank accounts, each with the ledger account it posts to, then import their statements.
          </EmptyState>
        </div>
      ) : null}
      {account ? <AccountWork key={account.id} account={account} /> : null}
    </>
  );
}

function AccountWork({ account }: { account: BankAccountJson }) {
  const query = useQuery<ReconciliationJson>({ queryKey: [reconciliationUrl(account.id)] });
  return (
    <>
      <section aria-label={`Reconciliation of ${account.name}`} className="mt-6 grid gap-6">
        {query.isLoading ? <Busy>Reading the statements and the books…</Busy> : null}
        {query.error ? <ErrorState error={query.error} what="the reconciliation" onRetry={() => query.refetch()} retrying={query.isFetching} /> : null}
        {query.data ? (
          <>
            <BalancesHeader data={query.data} />
            <ReconcileList data={query.data} />
          </>
        ) : null}
      </section>
      <ImportPanel account={account} />
      <RulesList accountId={account.id} />
      <StatementsList accountId={account.id} />
      <ReportSection accountId={account.id} />
    </>
  );
}
