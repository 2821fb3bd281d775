/** /admin/payroll: mounts the payroll screen, which lives with its capability (modules/payroll/ui/admin). */
export { default } from '@modules/payroll/ui/admin/PayrollScreen';
