/** /admin/invoicing: mounts the invoicing screen, which lives with its capability (modules/receivables/ui/admin). */
export { default } from '@modules/receivables/ui/admin/InvoicingScreen';
