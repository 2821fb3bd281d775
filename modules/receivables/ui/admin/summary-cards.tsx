/** The figures at the top of /admin/invoicing (GET /api/admin/invoices/summary): outstanding, overdue, paid this month, drafts. */
import { useQuery } from '@tanstack/react-query';
import { AlarmClock, CircleCheck, FilePen, Receipt } from 'lucide-react';
import { ErrorNote } from '@site/components/admin/ledger/parts';
import { StatCard, StatGrid } from '@site/components/admin/ui';
import { errorText } from '@site/lib/api';
import type { InvoiceSummaryJson } from '../../contract';
import { aed, plural, SUMMARY_URL } from './shared';

export function SummaryCards() {
  const q = useQuery<InvoiceSummaryJson>({ queryKey: [SUMMARY_URL] });
  const s = q.data;
  return (
    <>
      {q.isError ? (
        <div className="mt-6">
          <ErrorNote title="Couldn't load the invoicing figures">{errorText(q.error, 'Request failed')}</ErrorNote>
        </div>
      ) : null}
      <StatGrid>
        <StatCard icon={Receipt} label="Outstanding" value={s ? aed(s.outstanding) : undefined} hint="Issued and not yet paid, in AED as booked to trade receivables." />
        <StatCard icon={AlarmClock} label="Overdue" value={s ? aed(s.overdue) : undefined} hint={s ? `${plural(s.overdueCount, 'invoice', 'invoices')} past the due date.` : 'Past the due date.'} />
        <StatCard icon={CircleCheck} label="Paid this month" value={s ? aed(s.paidThisMonth) : undefined} hint="Payments and customer credit applied to invoices since the 1st." />
        <StatCard icon={FilePen} label="Drafts" value={s ? s.drafts.toLocaleString('en-US') : undefined} hint={s ? `${aed(s.draftsTotal)} waiting to be issued.` : 'Not yet issued.'} />
      </StatGrid>
    </>
  );
}
