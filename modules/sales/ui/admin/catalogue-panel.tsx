/**
 * The sales catalogue on /admin/sales: the products sold (services and stock items) and the price lists with
 * their prices, so an operator adds a service or changes a price from the screen.
 */
import { Section } from '@site/components/admin/ui';
import { PriceLists } from './price-lists';
import { ProductsTable } from './products-table';

export function CataloguePanel() {
  return (
    <Section title="Products and price lists" description="What quotations and orders can sell, at its default price, and the price lists that override it for a period.">
      <div className="space-y-6">
        <div>
          <h3 className="mb-2 text-base font-semibold text-ink">Products</h3>
          <ProductsTable />
        </div>
        <div>
          <h3 className="mb-2 text-base font-semibold text-ink">Price lists</h3>
          <PriceLists />
        </div>
      </div>
    </Section>
  );
}
