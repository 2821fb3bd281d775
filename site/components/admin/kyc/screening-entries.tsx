/**
 * The entries of one screening list, in a dialog, on the one admin table: GET
 * /api/admin/screening/lists/:id/entries on the list contract (search names, aliases and references;
 * category filter; sort; CSV of the same selection). Its URL keys carry the prefix 'entries.' and are
 * removed when the dialog closes, so the next list opens unfiltered.
 */
import { ListChecks } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { countryName } from '@modules/kyc/contract';
import { SCREENING_CATEGORIES, screeningCategoryLabels, type ScreeningEntryJson, type ScreeningListJson } from '@modules/kyc/screening-contract';
import { formatDateTime } from '../format';
import { Dialog } from '../ledger/parts';
import { AdminTable, col, StatusCell, type FilterDef } from '../table';
import { SCREENING_LISTS_URL } from './screening-upload';

const PREFIX = 'entries.';

const filters: FilterDef[] = [{ type: 'select', key: 'category', label: 'Category', all: 'Sanctions and PEP', options: SCREENING_CATEGORIES.map((c) => ({ value: c, label: screeningCategoryLabels[c] })) }];

const columns = [
  col.text<ScreeningEntryJson>('line', 'Line', (e) => e.line, { sort: 'line', align: 'right', className: 'tabular-nums text-slate-500' }),
  col.text<ScreeningEntryJson>('name', 'Name', (e) => e.name, { sort: 'name', className: 'font-medium text-ink' }),
  col.text<ScreeningEntryJson>('aliases', 'Aliases', (e) => e.aliases.join('; '), { className: 'text-slate-600' }),
  col.text<ScreeningEntryJson>('dob', 'Born', (e) => e.dateOfBirth, { className: 'tabular-nums text-slate-600' }),
  col.text<ScreeningEntryJson>('nationality', 'Nationality', (e) => (e.nationality ? countryName(e.nationality) : null), { className: 'text-slate-600' }),
  col.custom<ScreeningEntryJson>('category', 'Category', (e) => <StatusCell value={e.category} label={e.category === 'sanctions' ? 'Sanctions' : 'PEP'} tone={e.category === 'sanctions' ? 'danger' : 'warning'} />, {
    sort: 'category',
  }),
  col.text<ScreeningEntryJson>('reference', 'Reference', (e) => e.reference, { className: 'text-slate-600' }),
];

export function EntriesDialog({ list, onClose }: { list: ScreeningListJson | null; onClose: () => void }) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const close = () => {
    const params = new URLSearchParams(search);
    for (const key of [...params.keys()]) if (key.startsWith(PREFIX)) params.delete(key);
    const qs = params.toString();
    if (qs !== search) navigate(`${location}${qs ? `?${qs}` : ''}`, { replace: true });
    onClose();
  };
  return (
    <Dialog open={Boolean(list)} onClose={close} title={list?.name ?? ''} description={list ? `${list.entryCount.toLocaleString('en-US')} entries · updated ${formatDateTime(list.updatedAt)}` : undefined} wide="xl">
      {list ? (
        <AdminTable<ScreeningEntryJson>
          endpoint={`${SCREENING_LISTS_URL}/${list.id}/entries`}
          caption={`Entries of ${list.name}`}
          columns={columns}
          rowKey={(e) => e.id}
          noun={['entry', 'entries']}
          search={{ label: 'Search names, aliases and references', placeholder: 'Name, alias or reference' }}
          filters={filters}
          defaultSort="line"
          urlPrefix={PREFIX}
          minWidth={760}
          empty={{ icon: ListChecks, title: 'This list has no entries', body: 'Upload the list again with its rows to screen applications against it.' }}
        />
      ) : null}
    </Dialog>
  );
}
