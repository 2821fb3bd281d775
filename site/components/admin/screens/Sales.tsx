export { default } from '@modules/sales/ui/admin/SalesScreen';
