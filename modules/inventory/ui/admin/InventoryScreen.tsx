/**
 * /admin/inventory: the stock value (the balance of ledger account 1810), stock value by category, items below
 * their reorder level, every location with what it holds, and what is installed in each home.
 */
import { useQuery } from '@tanstack/react-query';
import { ArrowLeftRight, Boxes, Home, MapPin, Package, Tags } from 'lucide-react';
import { useMemo } from 'react';
import { StackedBars } from '@site/components/charts/StackedBars';
import { Busy, ErrorNote } from '@site/components/admin/ledger/parts';
import { AdminTable, col, type FilterDef } from '@site/components/admin/table';
import { ButtonLink, Card, EmptyState, ScreenIntro, Section, StatCard, StatGrid } from '@site/components/admin/ui';
import { errorText } from '@site/lib/api';
import { categoryLabels, LOCATION_KINDS, locationKindLabels, unitLabels, type LocationJson, type ReorderJson, type StockRowJson, type ValuationJson } from '../../contract';
import { ReorderPanel } from './reorder-panel';
import { aed, LOCATIONS, REORDER, STOCK, VALUATION } from './shared';

type Row = LocationJson;

function Installed() {
  const stock = useQuery<{ items: StockRowJson[] }>({ queryKey: [`${STOCK}?kind=property`] });
  if (stock.isPending) return <Busy>Loading what is installed in the homes…</Busy>;
  if (stock.isError) return <ErrorNote title="The installed items did not load">{errorText(stock.error, 'Try again in a moment.')}</ErrorNote>;
  const homes = new Map<string, StockRowJson[]>();
  for (const r of stock.data.items) homes.set(r.locationCode, [...(homes.get(r.locationCode) ?? []), r]);
  if (homes.size === 0)
    return (
      <Card>
        <EmptyState icon={Home} title="Nothing installed yet">
          Items issued or transferred to a property appear here, home by home.
        </EmptyState>
      </Card>
    );
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {[...homes].map(([code, rows]) => (
        <Card key={code} className="p-5">
          <h3 className="font-medium text-ink">
            {rows[0]!.locationName} <span className="font-mono text-xs text-slate-500">{code}</span>
          </h3>
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {rows.map((r) => (
              <li key={r.itemId} className="flex justify-between gap-3 py-1.5">
                <span>
                  {r.quantity} {unitLabels[r.unit]} × {r.itemName}
                </span>
                <span className="tabular-nums text-slate-600">{aed(r.value)}</span>
              </li>
            ))}
          </ul>
        </Card>
      ))}
    </div>
  );
}

export default function InventoryScreen() {
  const valuation = useQuery<ValuationJson>({ queryKey: [VALUATION] });
  const reorder = useQuery<ReorderJson>({ queryKey: [REORDER] });
  const locations = useQuery<{ total: number }>({ queryKey: [`${LOCATIONS}?limit=1`] });
  const filters = useMemo<FilterDef[]>(() => [{ type: 'select', key: 'kind', label: 'Kind', all: 'Any kind', options: LOCATION_KINDS.map((k) => ({ value: k, label: locationKindLabels[k] })) }], []);
  const columns = useMemo(
    () => [
      col.text<Row>('code', 'Code', (r) => r.code, { mono: true, sort: 'code' }),
      col.text<Row>('name', 'Location', (r) => r.name, { sort: 'name' }),
      col.text<Row>('kind', 'Kind', (r) => locationKindLabels[r.kind], { sort: 'kind' }),
      col.text<Row>('parent', 'Within', (r) => r.parentCode ?? r.property),
      col.text<Row>('items', 'Items', (r) => r.items, { align: 'right' }),
      col.money<Row>('value', 'Value at cost (AED)', (r) => r.value, { strong: true }),
    ],
    [],
  );
  const v = valuation.data;
  const figure = (q: { isPending: boolean; isError: boolean }, value: string) => (q.isPending ? '…' : q.isError ? 'Not available' : value);
  return (
    <>
      <ScreenIntro
        description="Furniture, fittings, appliances and spares held in store or installed in the homes: where each item is and what it is worth at cost."
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
        <StatCard label="Stock value" icon={Boxes} value={figure(valuation, aed(v?.total))} hint="At cost, in store: the balance of ledger account 1810." />
        <StatCard label="Items in store" icon={Package} value={figure(valuation, String(v?.items.length ?? 0))} hint="Distinct products with stock." />
        <StatCard label="Locations" icon={MapPin} value={figure(locations, String(locations.data?.total ?? 0))} hint="Warehouses, bins, homes and jobs." />
        <StatCard label="Below reorder level" value={figure(reorder, String(reorder.data?.total ?? 0))} hint="Items to buy again." />
      </StatGrid>
      <Section title="Stock value by category" description="Stock in store at cost, by kind of item.">
        <Card className="p-5">
          {valuation.isError ? (
            <ErrorNote title="The valuation did not load">{errorText(valuation.error, 'Try again in a moment.')}</ErrorNote>
          ) : (
            <StackedBars
              caption="Stock value by category"
              series={[{ key: 'value', label: 'Value at cost', colour: 'bg-brand-600' }]}
              rows={(v?.byCategory ?? []).map((c) => ({ key: c.category, label: categoryLabels[c.category], values: { value: c.value } }))}
              empty="No stock in store yet."
            />
          )}
        </Card>
      </Section>
      <Section title="Below reorder level">
        <ReorderPanel />
      </Section>
      <Section title="Locations">
        <AdminTable<Row>
          endpoint={LOCATIONS}
          caption="Locations"
          columns={columns}
          rowKey={(r) => r.id}
          noun={['location', 'locations']}
          search={{ placeholder: 'Code, name or property' }}
          filters={filters}
          defaultSort="code"
          urlPrefix="locations."
          empty={{ icon: MapPin, title: 'No locations yet', body: 'The main store and its bins are set up with the demo data; a property becomes a location the first time stock is issued to it.' }}
        />
      </Section>
      <Section title="Installed in the homes">
        <Installed />
      </Section>
    </>
  );
}
