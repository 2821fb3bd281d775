/** /admin/payroll: the employees, the employer's WPS settings and the payroll cost by month. */
import { Banknote } from 'lucide-react';
import { ButtonLink, ScreenIntro } from '@site/components/admin/ui';
import { CostChart } from './cost-chart';
import { EmployeesList } from './employees-list';
import { SettingsForm } from './settings-form';

export default function PayrollScreen() {
  return (
    <>
      <ScreenIntro
        description="The Manzil team's employment records and salaries. Monthly pay runs are prepared, approved and paid through the Wage Protection System from payroll processing."
        actions={
          <ButtonLink href="/admin/payroll/processing" icon={Banknote}>
            Pay runs
          </ButtonLink>
        }
      />
      <div className="grid gap-6">
        <EmployeesList />
        <CostChart />
        <SettingsForm />
      </div>
    </>
  );
}
