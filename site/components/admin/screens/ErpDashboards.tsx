import { Gauge, LayoutTemplate } from 'lucide-react';
import { ButtonLink, RecordList, ScreenIntro } from '../ui';

export default function ErpDashboards() {
  return (
    <>
      <ScreenIntro
        description="Dashboards built from the ledger for the team: cash position, fee income, spending by cost center. Open one to view it, or build a new one."
        actions={
          <ButtonLink href="/admin/dashboard/builder" variant="primary" icon={LayoutTemplate}>
            Dashboard builder
          </ButtonLink>
        }
      />
      <RecordList
        caption="Dashboards"
        search="Dashboard name"
        columns={[
          { key: 'name', label: 'Dashboard' },
          { key: 'owner', label: 'Owner' },
          { key: 'widgets', label: 'Widgets', align: 'right' },
          { key: 'shared', label: 'Shared with' },
          { key: 'updated', label: 'Last changed' },
        ]}
        empty={{ icon: Gauge, title: 'No dashboards built', body: 'Dashboards made in the builder appear here, and each one reads straight from the ledger.' }}
      />
    </>
  );
}
