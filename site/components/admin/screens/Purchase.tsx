/** /admin/purchase and /admin/erp/purchase: the purchasing screen, which lives with its capability (modules/purchasing/ui/admin). */
export { default } from '@modules/purchasing/ui/admin/PurchaseScreen';
