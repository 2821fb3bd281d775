import { ListTree, Plus, Upload } from 'lucide-react';
import { Button, Card, RecordList, ScreenIntro, Section, notConnected } from '../ui';

const groups = [
  { code: '1000', name: 'Assets', normal: 'Debit', example: 'Bank and escrow accounts, receivables' },
  { code: '2000', name: 'Liabilities', normal: 'Credit', example: 'Investor wallet balances, payables, VAT due' },
  { code: '3000', name: 'Equity', normal: 'Credit', example: 'Share capital, retained earnings' },
  { code: '4000', name: 'Income', normal: 'Credit', example: 'Platform fees, performance fees, transaction charges' },
  { code: '5000', name: 'Expenses', normal: 'Debit', example: 'Property management, payroll, marketing' },
];

export default function ChartOfAccounts() {
  return (
    <>
      <ScreenIntro
        description="The list of accounts every journal line posts to, grouped into assets, liabilities, equity, income and expenses, with their codes and balances."
        actions={
          <>
            <Button icon={Upload} unavailable={notConnected('The accounting ledger')}>
              Import accounts
            </Button>
            <Button variant="primary" icon={Plus} unavailable={notConnected('The accounting ledger')}>
              New account
            </Button>
          </>
        }
      />
      <Section title="Account groups" description="Codes run in blocks of a thousand, so every account's type is clear from its number.">
        <Card>
          <ul className="grid divide-y divide-slate-100 sm:grid-cols-5 sm:divide-x sm:divide-y-0">
            {groups.map((g) => (
              <li key={g.code} className="p-4">
                <p className="font-mono text-xs text-sand-700">{g.code}s</p>
                <p className="mt-1 font-semibold text-ink">{g.name}</p>
                <p className="text-xs text-slate-500">Normal balance: {g.normal}</p>
                <p className="mt-2 text-xs leading-snug text-slate-500">{g.example}</p>
              </li>
            ))}
          </ul>
        </Card>
      </Section>
      <RecordList
        caption="Accounts"
        search="Code or account name"
        filters={[
          { label: 'Type', all: 'All types', options: groups.map((g) => g.name) },
          { label: 'Status', all: 'Active and archived', options: ['Active', 'Archived'] },
        ]}
        columns={[
          { key: 'code', label: 'Code' },
          { key: 'name', label: 'Account' },
          { key: 'type', label: 'Type' },
          { key: 'normal', label: 'Normal balance' },
          { key: 'balance', label: 'Balance (AED)', align: 'right' },
          { key: 'status', label: 'Status' },
        ]}
        empty={{ icon: ListTree, title: 'No accounts are set up', body: 'Accounts appear here once created or imported. Journal entries can only post to accounts on this list.' }}
      />
    </>
  );
}
