import { Plus, Target } from 'lucide-react';
import { ButtonLink, RecordList, ScreenIntro } from '../ui';

export default function CostCenters() {
  return (
    <>
      <ScreenIntro
        description="The places spending is tracked against: each property, each team and each project. Tag journal lines and purchase orders with a cost center to see what each one really costs."
        actions={
          <ButtonLink href="/admin/cost-center/create" variant="primary" icon={Plus}>
            New cost center
          </ButtonLink>
        }
      />
      <RecordList
        caption="Cost centers"
        search="Code or name"
        filters={[
          { label: 'Type', all: 'All types', options: ['Property', 'Team', 'Project'] },
          { label: 'Status', all: 'Active and closed', options: ['Active', 'Closed'] },
        ]}
        columns={[
          { key: 'code', label: 'Code' },
          { key: 'name', label: 'Name' },
          { key: 'type', label: 'Type' },
          { key: 'owner', label: 'Owner' },
          { key: 'budget', label: 'Annual budget (AED)', align: 'right' },
          { key: 'spent', label: 'Spent to date (AED)', align: 'right' },
          { key: 'status', label: 'Status' },
        ]}
        minWidth={860}
        empty={{
          icon: Target,
          title: 'No cost centers yet',
          body: 'Create one for each property, team or project you want to track spending against.',
          action: (
            <ButtonLink href="/admin/cost-center/create" icon={Plus}>
              New cost center
            </ButtonLink>
          ),
        }}
      />
    </>
  );
}
