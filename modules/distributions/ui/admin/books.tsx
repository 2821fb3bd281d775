/**
 * One property's books (GET /api/admin/property-books/:propertyId): its P&L by month (the same chart
 * and table investors see, with an "Occupancy and note" button per month), the forms to record rent or a
 * cost and to set the reserve, and every record with "Reverse".
 */
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, HandCoins, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Busy, ErrorNote, Select } from '@site/components/admin/ledger/parts';
import { Button, ButtonLink, Section } from '@site/components/admin/ui';
import { ApiError, errorText } from '@site/lib/api';
import { PNL_DEFAULT_MONTHS, PNL_MAX_MONTHS, type PnlMonthJson, type PropertyPnlJson } from '../../contract';
import { periodLabel } from '../format';
import { PnlView } from '../PnlView';
import { MonthDialog } from './month-dialog';
import { RecordForm } from './record-form';
import { RecordsList } from './records-list';
import { ReserveForm } from './reserve-form';
import { BOOKS_PATH, booksUrl, lastMonth, prepareHref } from './shared';

const RANGES = [PNL_DEFAULT_MONTHS, 24, 36, PNL_MAX_MONTHS];

export function PropertyBooks({ propertyId }: { propertyId: string }) {
  const [months, setMonths] = useState(PNL_DEFAULT_MONTHS);
  const [editing, setEditing] = useState<PnlMonthJson | null>(null);
  const books = useQuery<PropertyPnlJson>({ queryKey: [booksUrl(propertyId, months === PNL_DEFAULT_MONTHS ? undefined : months)] });
  const back = (
    <ButtonLink href={BOOKS_PATH} icon={ArrowLeft}>
      Another property
    </ButtonLink>
  );
  if (books.isPending)
    return (
      <div className="mt-8">
        <Busy>Loading the books…</Busy>
      </div>
    );
  if (books.isError)
    return (
      <div className="mt-8 space-y-3">
        <ErrorNote title={books.error instanceof ApiError && books.error.status === 404 ? 'No such property' : "Couldn't load the books"}>{errorText(books.error, 'Request failed')}</ErrorNote>
        <div className="flex gap-2">
          {back}
          <Button onClick={() => void books.refetch()}>Try again</Button>
        </div>
      </div>
    );
  const pnl = books.data;
  return (
    <>
      <Section
        title={`${pnl.title} (${pnl.reference})`}
        description="Its P&L by month from the ledger. Months not yet distributed are drawn lighter; set each month's occupancy and note from the table."
        actions={
          <div className="flex flex-wrap items-end gap-2">
            <Select className="w-48" label="Months shown" value={String(months)} onChange={(v) => setMonths(Number(v))} options={RANGES.map((n) => ({ value: String(n), label: `Last ${n} months` }))} />
            {back}
            <ButtonLink href={prepareHref(pnl.propertyId, lastMonth())} icon={HandCoins} variant="primary">
              Prepare a distribution
            </ButtonLink>
          </div>
        }
      >
        <PnlView
          pnl={pnl}
          keepBlankMonths
          emptyNote="Nothing is recorded for this property in these months. Record its rent and costs below; each record is a journal entry on the property, and the P&L is built from them."
          action={(m) => (
            <button
              type="button"
              onClick={() => setEditing(m)}
              className="inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-2 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              <Pencil className="h-3 w-3" aria-hidden="true" />
              Occupancy<span className="sr-only"> and note of {periodLabel(m.period)}</span>
            </button>
          )}
        />
      </Section>
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <RecordForm propertyId={pnl.propertyId} />
        <ReserveForm key={pnl.reserveBps} propertyId={pnl.propertyId} reserveBps={pnl.reserveBps} />
      </div>
      <RecordsList records={pnl.records ?? []} />
      <MonthDialog propertyId={pnl.propertyId} month={editing} onClose={() => setEditing(null)} />
    </>
  );
}
