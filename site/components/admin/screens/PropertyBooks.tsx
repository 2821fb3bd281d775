/** /admin/property-books: mounts the operator's property books screen, which lives with its capability (modules/distributions/ui/admin). */
export { default } from '@modules/distributions/ui/admin/PropertyBooksScreen';
