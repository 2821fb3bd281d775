import { ClipboardList, Download, RefreshCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { INTERESTS, interestLabels } from '../../../../modules/waitlist/contract';
import { WAITLIST_ENDPOINT, interestLabel, waitlistCsvColumns, type WaitlistEntry } from '../data';
import { toast } from '../../../lib/stores/toast';
import { csvFilename, downloadCsv, toCsv } from '../csv';
import { formatDateTime, isoOrRaw } from '../format';
import { ListError, LoadingRows, Pagination, matchesSearch, useAdminList } from '../lists';
import { Badge, Button, DataTable, EmptyState, ListCard, ScreenIntro, SearchField, SelectField, Toolbar } from '../ui';

const columns = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'interest', label: 'Interested in' },
  { key: 'joined', label: 'Joined (UAE time)' },
];

const NOT_GIVEN = '__none';

export default function Waitlist() {
  const [offset, setOffset] = useState(0);
  const [search, setSearch] = useState('');
  const [interest, setInterest] = useState('');
  const list = useAdminList<WaitlistEntry>(WAITLIST_ENDPOINT, offset);
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

  const shown = useMemo(
    () =>
      items.filter(
        (r) =>
          matchesSearch([r.name, r.email], search) &&
          (interest === '' || (interest === NOT_GIVEN ? !r.interest : r.interest === interest)),
      ),
    [items, search, interest],
  );

  const exportCsv = () => {
    const filename = csvFilename('waitlist');
    downloadCsv(filename, toCsv(waitlistCsvColumns, shown));
    toast({ title: 'Export ready', description: `${shown.length} ${shown.length === 1 ? 'person' : 'people'} saved to ${filename}.`, variant: 'success' });
  };

  let empty;
  if (list.isError) empty = <ListError error={list.error} what="the waitlist" onRetry={() => void list.refetch()} />;
  else if (total === 0)
    empty = (
      <EmptyState icon={ClipboardList} title="No one has joined the waitlist yet">
        People who leave their email on the home page to hear about new properties appear here, with what they'd like to invest in.
      </EmptyState>
    );
  else
    empty = (
      <EmptyState title="No matches on this page">
        Nobody on this page matches the search or interest filter. Clear them, or move to another page.
      </EmptyState>
    );

  return (
    <>
      <ScreenIntro
        description="Everyone who asked to hear when new properties open for funding, newest first, with what they want to invest in. Use it to plan launches and invite people in."
        actions={
          <>
            <Button icon={RefreshCw} onClick={() => void list.refetch()} disabled={list.isFetching}>
              {list.isFetching && !list.isPending ? 'Refreshing…' : 'Refresh'}
            </Button>
            <Button variant="primary" icon={Download} onClick={exportCsv} disabled={shown.length === 0}>
              Export CSV
            </Button>
          </>
        }
      />
      {list.data ? (
        <p className="mt-4 text-sm text-slate-600">
          <span className="font-semibold text-ink tabular-nums">{total.toLocaleString('en-US')}</span> {total === 1 ? 'person has' : 'people have'} joined
          the waitlist.
        </p>
      ) : null}
      <ListCard
        toolbar={
          <Toolbar label="Filter the waitlist">
            <SearchField label="Search this page" value={search} onChange={setSearch} placeholder="Name or email" />
            <SelectField
              label="Interested in"
              value={interest}
              onChange={setInterest}
              options={[
                { value: '', label: 'All interests' },
                ...INTERESTS.map((i) => ({ value: i, label: interestLabels[i] })),
                { value: NOT_GIVEN, label: 'Not given' },
              ]}
              className="sm:w-64"
            />
          </Toolbar>
        }
        footer={
          list.data && total > 0 ? (
            <Pagination offset={offset} pageCount={items.length} total={total} shown={shown.length} noun={['person', 'people']} onOffset={setOffset} busy={list.isFetching} />
          ) : null
        }
      >
        {list.isPending ? <p className="sr-only" role="status">Loading the waitlist…</p> : null}
        <DataTable caption="Waitlist sign-ups" columns={columns} empty={empty} minWidth={640}>
          {list.isPending
            ? [<LoadingRows key="loading" columns={columns.length} />]
            : list.isError
              ? []
              : shown.map((r) => (
                  <tr key={r.id} className="hover:bg-slate-50/70">
                    <td className="whitespace-nowrap px-4 py-3 font-medium text-ink">{r.name || <span className="font-normal text-slate-400">Not given</span>}</td>
                    <td className="px-4 py-3">
                      <a href={`mailto:${r.email}`} className="text-brand-800 hover:underline">
                        {r.email}
                      </a>
                    </td>
                    <td className="px-4 py-3">{r.interest ? <Badge tone={r.interest === 'sip' ? 'brand' : r.interest === 'learning' ? 'neutral' : 'sand'}>{interestLabel(r.interest)}</Badge> : <span className="text-slate-400">Not given</span>}</td>
                    <td className="whitespace-nowrap px-4 py-3 text-slate-600 tabular-nums">
                      <time dateTime={isoOrRaw(r.createdAt)}>{formatDateTime(r.createdAt)}</time>
                    </td>
                  </tr>
                ))}
        </DataTable>
      </ListCard>
    </>
  );
}
