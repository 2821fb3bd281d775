/**
 * The surveillance list (GET /api/admin/exchange/surveillance): patterns worth a look, newest first,
 * high severity first. What is watched: large orders priced far from the latest valuation, orders
 * placed and cancelled in quick succession, and trades between the same people again and again.
 */
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useMemo } from 'react';
import { ErrorNote } from '@site/components/admin/ledger/parts';
import { DateCell } from '@site/components/admin/table';
import { SkeletonRows } from '@site/components/admin/table/states';
import { Badge, Button, Card, DataTable, EmptyState, Section } from '@site/components/admin/ui';
import { errorText } from '@site/lib/api';
import { surveillanceKindLabels, type SurveillanceJson } from '../../admin-contract';
import { plural, SURVEILLANCE_URL } from './shared';

const columns = [
  { key: 'kind', label: 'Pattern', className: 'min-w-40' },
  { key: 'severity', label: 'Severity' },
  { key: 'property', label: 'Property', className: 'min-w-40' },
  { key: 'investors', label: 'Investors', className: 'min-w-44' },
  { key: 'detail', label: 'Detail', className: 'min-w-56' },
  { key: 'at', label: 'When' },
];

export const WATCHED =
  'Three patterns are watched: open orders worth over AED 100,000 priced more than 15% from the latest valuation, an investor cancelling 5 or more orders within an hour, and two investors trading with each other 3 or more times in 7 days.';

export function Surveillance() {
  const list = useQuery<{ items: SurveillanceJson[] }>({ queryKey: [SURVEILLANCE_URL] });
  const items = useMemo(() => {
    const all = Array.isArray(list.data?.items) ? list.data.items : [];
    return [...all].sort((a, b) => (a.severity === b.severity ? b.at.localeCompare(a.at) : a.severity === 'high' ? -1 : 1));
  }, [list.data]);
  const high = items.filter((i) => i.severity === 'high').length;
  return (
    <Section title="Surveillance" description={list.data && items.length ? `${plural(items.length, 'alert', 'alerts')}, ${high} of high severity. ${WATCHED}` : WATCHED}>
      <Card className="overflow-hidden">
        {list.isError ? (
          <div className="p-4">
            <ErrorNote title="Couldn't load the surveillance list">{errorText(list.error, 'Request failed')}</ErrorNote>
            <div className="mt-3">
              <Button onClick={() => void list.refetch()}>Try again</Button>
            </div>
          </div>
        ) : list.isPending ? (
          <table className="w-full" aria-hidden="true">
            <tbody>
              <SkeletonRows columns={columns.length} rows={2} />
            </tbody>
          </table>
        ) : (
          <DataTable
            caption="Surveillance alerts"
            columns={columns}
            minWidth={900}
            empty={
              <EmptyState icon={ShieldCheck} title="Nothing to look into">
                No pattern has been seen. {WATCHED} Each alert names the property, the investors and what was seen.
              </EmptyState>
            }
          >
            {items.map((s, i) => (
              <tr key={`${s.kind}-${s.propertyId}-${s.at}-${i}`} className="align-top">
                <td className="px-4 py-3 font-medium text-ink">{surveillanceKindLabels[s.kind] ?? s.kind}</td>
                <td className="px-4 py-3">{s.severity === 'high' ? <Badge tone="danger">High</Badge> : <Badge tone="warning">Medium</Badge>}</td>
                <td className="px-4 py-3 text-slate-700">{s.title}</td>
                <td className="px-4 py-3">
                  <ul className="space-y-0.5 text-slate-700">
                    {s.investors.map((name) => (
                      <li key={name} className="[overflow-wrap:anywhere]">
                        {name}
                      </li>
                    ))}
                  </ul>
                </td>
                <td className="px-4 py-3 text-slate-600">{s.detail}</td>
                <td className="px-4 py-3">
                  <DateCell value={s.at} withTime />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Card>
    </Section>
  );
}
