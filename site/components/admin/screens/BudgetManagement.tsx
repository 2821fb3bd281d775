import { Calculator, Plus } from 'lucide-react';
import { Button, RecordList, ScreenIntro, StatCard, StatGrid, notConnected } from '../ui';

export default function BudgetManagement() {
  return (
    <>
      <ScreenIntro
        description="Budgets by cost center and period: what was approved, what has been spent and what is left. Approve changes here so every report uses the same numbers."
        actions={
          <Button variant="primary" icon={Plus} unavailable={notConnected('The accounting ledger')}>
            New budget
          </Button>
        }
      />
      <StatGrid>
        <StatCard label="Approved budgets" hint="Total for this financial year, in AED." />
        <StatCard label="Spent" hint="Posted against those budgets." />
        <StatCard label="Remaining" hint="Approved less spent." />
        <StatCard label="Awaiting approval" hint="Budgets submitted but not signed off." />
      </StatGrid>
      <RecordList
        caption="Budgets"
        search="Budget or cost center"
        filters={[
          { label: 'Period', all: 'All periods', options: ['This financial year', 'Next financial year', 'This quarter'] },
          { label: 'Status', all: 'Any status', options: ['Draft', 'Awaiting approval', 'Approved', 'Closed'] },
        ]}
        columns={[
          { key: 'budget', label: 'Budget' },
          { key: 'cc', label: 'Cost center' },
          { key: 'period', label: 'Period' },
          { key: 'amount', label: 'Amount (AED)', align: 'right' },
          { key: 'spent', label: 'Spent (AED)', align: 'right' },
          { key: 'left', label: 'Remaining (AED)', align: 'right' },
          { key: 'status', label: 'Status' },
        ]}
        minWidth={860}
        empty={{ icon: Calculator, title: 'No budgets set', body: 'Budgets appear here once drafted, and spending is measured against them as entries are posted.' }}
      />
    </>
  );
}
