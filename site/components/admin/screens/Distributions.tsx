/** /admin/distributions: mounts the operator's distributions screen, which lives with its capability (modules/distributions/ui/admin). */
export { default } from '@modules/distributions/ui/admin/DistributionsScreen';
