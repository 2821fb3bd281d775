import { ArrowLeftRight, Package, Tags } from 'lucide-react';
import { ButtonLink, RecordList, ScreenIntro, StatCard, StatGrid } from '../ui';

export default function Inventory() {
  return (
    <>
      <ScreenIntro
        description="Furniture, fittings, appliances and spares owned for managed properties or held in store: where each item is and what it is worth."
        actions={
          <>
            <ButtonLink href="/admin/inventory/products" icon={Tags}>
              Products
            </ButtonLink>
            <ButtonLink href="/admin/inventory/operations" icon={ArrowLeftRight}>
              Stock movements
            </ButtonLink>
          </>
        }
      />
      <StatGrid>
        <StatCard label="Stock value" hint="At cost, in AED." />
        <StatCard label="Items tracked" hint="Distinct products with stock." />
        <StatCard label="Locations" hint="Properties and stores holding stock." />
        <StatCard label="Below reorder level" hint="Items to buy again." />
      </StatGrid>
      <RecordList
        caption="Stock on hand"
        search="Item or SKU"
        filters={[{ label: 'Location', all: 'All locations', options: ['Store', 'At properties'] }]}
        columns={[
          { key: 'sku', label: 'SKU' },
          { key: 'item', label: 'Item' },
          { key: 'location', label: 'Location' },
          { key: 'qty', label: 'On hand', align: 'right' },
          { key: 'cost', label: 'Unit cost (AED)', align: 'right' },
          { key: 'value', label: 'Value (AED)', align: 'right' },
        ]}
        empty={{ icon: Package, title: 'No stock recorded', body: 'Items appear here once products are set up and goods are received into a location.' }}
      />
    </>
  );
}
