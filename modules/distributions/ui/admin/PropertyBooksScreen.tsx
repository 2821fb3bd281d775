/**
 * /admin/property-books: each property's books. Without ?property= it lists the properties to choose
 * from; with one it shows that property's P&L by month, records rent and costs, sets occupancy and the
 * reserve, and reverses records. API: ../../contract.ts (/api/admin/property-books).
 */
import { useSearch } from 'wouter';
import { ScreenIntro } from '@site/components/admin/ui';
import { PropertyBooks } from './books';
import { PropertyChooser } from './property-chooser';

export default function PropertyBooksScreen() {
  const property = new URLSearchParams(useSearch()).get('property');
  return (
    <>
      <ScreenIntro description="Rent received and every property cost are journal entries on the property, recorded here month by month. The P&L investors read on each property page is built from them, and what is left after costs and the reserve is what can be distributed." />
      {property ? <PropertyBooks key={property} propertyId={property} /> : <PropertyChooser />}
    </>
  );
}
