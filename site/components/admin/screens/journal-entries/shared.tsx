/** What the journal-entry views share: the screen's path, source labels, the view title and the status badges. */
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { JournalEntrySummary } from '@site/components/admin/ledger/types';
import { Badge } from '@site/components/admin/ui';

export const BASE = '/admin/journal-entries';
export const ENTRIES_ENDPOINT = '/api/admin/ledger/journal-entries';

export const sourceLabels: Record<string, string> = {
  'ledger.manual': 'Entered by hand',
  'ledger.reversal': 'Reversal',
  'ledger.year-end': 'Year-end closing',
  'ledger.recurring': 'Recurring entry',
};
export const sourceLabel = (module: string) => sourceLabels[module] ?? module;

export function ViewTitle({ children, back }: { children: ReactNode; back?: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      {back ? (
        <Link href={BASE} className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 hover:text-ink">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          All entries
        </Link>
      ) : null}
      <h2 id="je-view-title" tabIndex={-1} className="text-xl font-semibold text-ink outline-none" style={{ fontFamily: 'var(--font-display)' }}>
        {children}
      </h2>
    </div>
  );
}

export function StatusBadges({ entry: e }: { entry: JournalEntrySummary }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {e.status === 'draft' ? <Badge tone="warning">Draft</Badge> : <Badge tone="brand">Posted</Badge>}
      {e.kind === 'reversal' ? <Badge tone="sand">Reversal</Badge> : null}
      {e.kind === 'closing' ? <Badge tone="sand">Year-end</Badge> : null}
      {e.reversedBy ? <Badge>Reversed</Badge> : null}
    </span>
  );
}
