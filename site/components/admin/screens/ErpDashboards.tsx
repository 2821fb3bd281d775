export { default } from '@modules/erp-dashboards/ui/admin/ErpDashboardsScreen';
