/** /admin/tax: mounts the VAT screen, which lives with its capability (modules/tax/ui/admin). */
export { default } from '@modules/tax/ui/admin/TaxScreen';
