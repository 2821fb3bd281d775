/** Employees on the admin table (GET /api/admin/payroll/employees: q, sort, cost center and status filters, CSV), with Add / Edit. */
import { Pencil, UserPlus, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { AdminTable, col, type FilterDef } from '@site/components/admin/table';
import { Button } from '@site/components/admin/ui';
import type { EmployeeJson } from '../../contract';
import { EmployeeForm } from './employee-form';
import { EMPLOYEES, useCostCenters } from './shared';

type Row = EmployeeJson;

export function EmployeesList() {
  const [editing, setEditing] = useState<Row | null>(null);
  const [adding, setAdding] = useState(false);
  const centers = useCostCenters();
  const filters = useMemo<FilterDef[]>(
    () => [
      { type: 'select', key: 'costCenter', label: 'Department', all: 'All departments', options: (centers.data?.items ?? []).filter((c) => !c.archived).map((c) => ({ value: c.code, label: c.name })) },
      { type: 'select', key: 'status', label: 'Status', all: 'Current and former', options: [{ value: 'active', label: 'Current' }, { value: 'left', label: 'Former' }] },
    ],
    [centers.data],
  );
  const columns = useMemo(
    () => [
      col.custom<Row>('name', 'Employee', (r) => (
        <>
          <span className="block font-medium text-ink">{r.name}</span>
          <span className="block text-xs text-slate-500">{r.jobTitle || r.email || '—'}</span>
        </>
      ), { sort: 'name', className: 'min-w-48' }),
      col.text<Row>('costCenter', 'Department', (r) => r.costCenter, { sort: 'costCenter' }),
      col.money<Row>('basic', 'Basic (AED)', (r) => r.basicSalary, { sort: 'basicSalary', align: 'right' }),
      col.money<Row>('monthly', 'Monthly pay (AED)', (r) => r.monthlyPay, { align: 'right', strong: true }),
      col.text<Row>('iban', 'IBAN', (r) => r.iban, { mono: true }),
      col.text<Row>('wps', 'WPS person id', (r) => r.wpsPersonId ?? 'Missing', { mono: true }),
      col.date<Row>('joinedOn', 'Joined', (r) => r.joinedOn, { sort: 'joinedOn' }),
      col.date<Row>('leftOn', 'Left', (r) => r.leftOn),
      col.custom<Row>('edit', 'Edit', (r) => (
        <Button icon={Pencil} onClick={() => setEditing(r)}>
          Edit<span className="sr-only"> {r.name}</span>
        </Button>
      )),
    ],
    [],
  );
  return (
    <>
      <AdminTable<Row>
        endpoint={EMPLOYEES}
        caption="Employees"
        columns={columns}
        rowKey={(r) => r.id}
        noun={['employee', 'employees']}
        search={{ placeholder: 'Name, email, department, IBAN or WPS id' }}
        filters={filters}
        defaultSort="name"
        urlPrefix="employees."
        minWidth={1000}
        actions={
          <Button variant="primary" icon={UserPlus} onClick={() => setAdding(true)}>
            Add employee
          </Button>
        }
        empty={{ icon: Users, title: 'No employees yet', body: 'Add the team with their salaries and bank details to prepare the first monthly payroll.' }}
      />
      <EmployeeForm employee={editing} open={adding || editing !== null} onClose={() => (setAdding(false), setEditing(null))} />
    </>
  );
}
