/** /admin/exchange: mounts the operator's exchange screen, which lives with its capability (modules/exchange/ui/admin). */
export { default } from '@modules/exchange/ui/admin/ExchangeAdminScreen';
