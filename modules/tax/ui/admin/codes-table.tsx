/** The tax codes a document line carries (GET /api/admin/tax/codes): rate, UBL category and the boxes each feeds. */
import { useQuery } from '@tanstack/react-query';
import { Percent } from 'lucide-react';
import { ErrorNote } from '@site/components/admin/ledger/parts';
import { Card, DataTable, EmptyState, Section } from '@site/components/admin/ui';
import { errorText } from '@site/lib/api';
import type { TaxCodeJson } from '../../return-contract';
import { CODES_URL } from './shared';

const boxes = (list: string[]) => {
  if (!list.length) return <span className="text-slate-500">Not reported</span>;
  if (list.length === 7 && list[0] === '1a') return '1a–1g (by emirate)';
  return list.join(' and ');
};
const rate = (c: TaxCodeJson) => (c.selfAccountedBps ? `${c.selfAccountedBps / 100}% self-accounted` : `${c.rateBps / 100}%`);

const columns = [
  { key: 'code', label: 'Code' },
  { key: 'label', label: 'Description' },
  { key: 'rate', label: 'Rate', align: 'right' as const },
  { key: 'ubl', label: 'UBL category' },
  { key: 'sales', label: 'Boxes on sales' },
  { key: 'purchases', label: 'Boxes on purchases' },
];

export function CodesTable() {
  const q = useQuery<TaxCodeJson[]>({ queryKey: [CODES_URL], staleTime: Infinity });
  return (
    <Section title="Tax codes" description="Each invoice and bill line carries one; it decides the VAT charged and the boxes of the return the line lands in.">
      <Card className="overflow-hidden">
        {q.isError ? (
          <div className="p-4">
            <ErrorNote title="The tax codes could not be loaded">{errorText(q.error, 'Try again in a moment.')}</ErrorNote>
          </div>
        ) : (
          <DataTable caption="Tax codes and the VAT 201 boxes they feed" columns={columns} minWidth={820} empty={q.isPending ? <p role="status" className="p-4 text-sm text-slate-500">Loading…</p> : <EmptyState icon={Percent} title="No tax codes" />}>
            {(q.data ?? []).map((c) => (
              <tr key={c.code}>
                <td className="px-4 py-2 font-mono text-xs">{c.code}</td>
                <td className="px-4 py-2 text-slate-700">{c.label}</td>
                <td className="px-4 py-2 text-right tabular-nums">{rate(c)}</td>
                <td className="px-4 py-2 font-mono text-xs">{c.ublCategory}</td>
                <td className="px-4 py-2">{c.onSales ? boxes(c.salesBoxes) : <span className="text-slate-500">Purchases only</span>}</td>
                <td className="px-4 py-2">{boxes(c.purchaseBoxes)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Card>
    </Section>
  );
}
