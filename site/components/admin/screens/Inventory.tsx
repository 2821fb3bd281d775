export { default } from '@modules/inventory/ui/admin/InventoryScreen';
