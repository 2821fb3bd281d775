import { ChartColumn, Download } from 'lucide-react';
import { Button, RecordList, ScreenIntro, StatCard, StatGrid, notConnected } from '../ui';

export default function CostCenterReports() {
  return (
    <>
      <ScreenIntro
        description="Budget against actual for every cost center, with what is already committed on open purchase orders, so overspending shows before the money is gone."
        actions={
          <Button icon={Download} unavailable={notConnected('The accounting ledger')}>
            Export report
          </Button>
        }
      />
      <StatGrid>
        <StatCard label="Budgeted" hint="For the selected period, in AED." />
        <StatCard label="Actual" hint="Posted spending tagged to a cost center." />
        <StatCard label="Committed" hint="Open purchase orders not yet billed." />
        <StatCard label="Over budget" hint="Cost centers past their budget." />
      </StatGrid>
      <RecordList
        caption="Budget against actual"
        filters={[
          { label: 'Period', all: 'This financial year', options: ['This month', 'Last month', 'This quarter'] },
          { label: 'Type', all: 'All cost centers', options: ['Property', 'Team', 'Project'] },
        ]}
        columns={[
          { key: 'cc', label: 'Cost center' },
          { key: 'budget', label: 'Budget (AED)', align: 'right' },
          { key: 'actual', label: 'Actual (AED)', align: 'right' },
          { key: 'committed', label: 'Committed (AED)', align: 'right' },
          { key: 'variance', label: 'Variance (AED)', align: 'right' },
          { key: 'pct', label: 'Used', align: 'right' },
        ]}
        empty={{ icon: ChartColumn, title: 'Nothing to report yet', body: 'Figures appear once journal lines are tagged with a cost center. No entries have been posted yet.' }}
      />
    </>
  );
}
