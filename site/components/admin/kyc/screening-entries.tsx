/** The entries of one screening list, searchable and paged by the API (GET /api/admin/screening/lists/:id). */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorText } from '@site/lib/api';
import { countryName } from '@modules/kyc/contract';
import type { ScreeningListDetailJson, ScreeningListJson } from '@modules/kyc/screening-contract';
import { formatDateTime } from '../format';
import { Busy, Dialog, ErrorNote, Field } from '../ledger/parts';
import { Badge, Button, DataTable } from '../ui';
import { SCREENING_API } from './screening-upload';

export function EntriesDialog({ list, onClose }: { list: ScreeningListJson | null; onClose: () => void }) {
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const url = list ? `${SCREENING_API}/lists/${list.id}?limit=50&offset=${offset}${q.trim() ? `&q=${encodeURIComponent(q.trim())}` : ''}` : '';
  const detail = useQuery<ScreeningListDetailJson>({
    queryKey: [url],
    queryFn: ({ signal }) => api.get<ScreeningListDetailJson>(url, { signal }),
    enabled: Boolean(list),
    placeholderData: (p) => p,
  });
  const d = detail.data;
  return (
    <Dialog open={Boolean(list)} onClose={onClose} title={list?.name ?? ''} description={list ? `${list.entryCount.toLocaleString('en-US')} entries · updated ${formatDateTime(list.updatedAt)}` : undefined} wide="xl">
      <div className="mb-3 max-w-sm">
        <Field
          label="Search names, aliases and references"
          type="search"
          value={q}
          onChange={(v) => {
            setQ(v);
            setOffset(0);
          }}
        />
      </div>
      {detail.isError ? (
        <ErrorNote>{errorText(detail.error, 'Could not load the entries.')}</ErrorNote>
      ) : !d ? (
        <Busy>Loading the entries…</Busy>
      ) : (
        <>
          <DataTable
            caption={`Entries of ${list?.name ?? 'the list'}`}
            minWidth={760}
            columns={[
              { key: 'line', label: 'Line', align: 'right' },
              { key: 'name', label: 'Name' },
              { key: 'aliases', label: 'Aliases' },
              { key: 'dob', label: 'Born' },
              { key: 'nat', label: 'Nationality' },
              { key: 'cat', label: 'Category' },
              { key: 'ref', label: 'Reference' },
            ]}
            empty={<p className="px-4 py-8 text-center text-sm text-slate-500">No entry matches “{q}”.</p>}
          >
            {d.entries.map((e) => (
              <tr key={e.id}>
                <td className="px-4 py-2 text-right tabular-nums text-slate-500">{e.line ?? ''}</td>
                <td className="px-4 py-2 font-medium text-ink">{e.name}</td>
                <td className="px-4 py-2 text-slate-600">{e.aliases.join('; ')}</td>
                <td className="px-4 py-2 tabular-nums text-slate-600">{e.dateOfBirth ?? ''}</td>
                <td className="px-4 py-2 text-slate-600">{e.nationality ? countryName(e.nationality) : ''}</td>
                <td className="px-4 py-2">
                  <Badge tone={e.category === 'sanctions' ? 'danger' : 'warning'}>{e.category === 'sanctions' ? 'Sanctions' : 'PEP'}</Badge>
                </td>
                <td className="px-4 py-2 text-slate-600">{e.reference ?? ''}</td>
              </tr>
            ))}
          </DataTable>
          {d.entriesTotal > 50 ? (
            <div className="mt-3 flex items-center justify-between text-sm text-slate-600">
              <span>
                {offset + 1}–{Math.min(offset + 50, d.entriesTotal)} of {d.entriesTotal.toLocaleString('en-US')}
              </span>
              <div className="flex gap-2">
                <Button disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - 50))}>
                  Previous
                </Button>
                <Button disabled={offset + 50 >= d.entriesTotal} onClick={() => setOffset(offset + 50)}>
                  Next
                </Button>
              </div>
            </div>
          ) : null}
        </>
      )}
    </Dialog>
  );
}
