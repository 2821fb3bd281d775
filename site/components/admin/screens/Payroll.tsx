import { Banknote, UserPlus, Users } from 'lucide-react';
import { Button, ButtonLink, RecordList, ScreenIntro, notConnected } from '../ui';

export default function Payroll() {
  return (
    <>
      <ScreenIntro
        description="The Manzil team's employment records and salaries. Monthly pay runs are prepared, checked and released from payroll processing."
        actions={
          <>
            <ButtonLink href="/admin/payroll/processing" icon={Banknote}>
              Pay runs
            </ButtonLink>
            <Button variant="primary" icon={UserPlus} unavailable={notConnected('Payroll')}>
              Add employee
            </Button>
          </>
        }
      />
      <RecordList
        caption="Employees"
        search="Name or employee number"
        filters={[
          { label: 'Department', all: 'All departments', options: ['Operations', 'Finance', 'Investor relations', 'Technology', 'Property management'] },
          { label: 'Status', all: 'Current and former', options: ['Current', 'On leave', 'Former'] },
        ]}
        columns={[
          { key: 'name', label: 'Employee' },
          { key: 'role', label: 'Role' },
          { key: 'dept', label: 'Department' },
          { key: 'salary', label: 'Monthly salary (AED)', align: 'right' },
          { key: 'joined', label: 'Joined' },
          { key: 'status', label: 'Status' },
        ]}
        empty={{ icon: Users, title: 'No employees on payroll', body: 'Team members appear here once added, with the salary each pay run uses.' }}
      />
    </>
  );
}
