/** /admin/fees: the platform fee's operator screen lives with its capability (modules/fees/ui/admin). */
export { default } from '@modules/fees/ui/admin/FeesAdminScreen';
