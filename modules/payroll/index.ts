/** UAE payroll: employees, monthly runs with their journal, gratuity, payslips and the WPS SIF. */
export { payrollRoutes } from './routes';
export { payrollEmployees, payrollItems, payrollLines, payrollRuns, payrollSettings } from './schema';
export { seedPayroll } from './seed';
export * from './contract';
