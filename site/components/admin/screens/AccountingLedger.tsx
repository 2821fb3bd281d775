import { BookOpen, Download } from 'lucide-react';
import { Button, RecordList, ScreenIntro, StatCard, StatGrid, notConnected } from '../ui';

export default function AccountingLedger() {
  return (
    <>
      <ScreenIntro
        description="The general ledger: every posted journal line by account, with debits, credits and running balances. Statements, budgets and tax returns are all built from it."
        actions={
          <Button icon={Download} unavailable={notConnected('The accounting ledger')}>
            Export ledger
          </Button>
        }
      />
      <StatGrid>
        <StatCard label="Total debits" hint="For the selected period, in AED." />
        <StatCard label="Total credits" hint="Always equal to total debits." />
        <StatCard label="Entries posted" hint="Journal entries in the period." />
        <StatCard label="Last posting" hint="When the ledger last changed." />
      </StatGrid>
      <RecordList
        caption="Ledger lines"
        search="Account, memo or entry number"
        filters={[
          { label: 'Account type', all: 'All accounts', options: ['Assets', 'Liabilities', 'Equity', 'Income', 'Expenses'] },
          { label: 'Period', all: 'All periods', options: ['This month', 'Last month', 'This quarter', 'This financial year'] },
        ]}
        columns={[
          { key: 'date', label: 'Date' },
          { key: 'entry', label: 'Entry' },
          { key: 'account', label: 'Account' },
          { key: 'memo', label: 'Description' },
          { key: 'cc', label: 'Cost center' },
          { key: 'debit', label: 'Debit (AED)', align: 'right' },
          { key: 'credit', label: 'Credit (AED)', align: 'right' },
        ]}
        minWidth={900}
        empty={{ icon: BookOpen, title: 'No journal entries have been posted yet', body: 'Entries appear here as deposits, investments and fees are booked.' }}
      />
    </>
  );
}
