/** The statements imported into the bank account, on the admin table: period, balances, and how many lines were new. */
import { FileText } from 'lucide-react';
import { AdminTable, col, type FilterDef } from '@site/components/admin/table';
import { Section } from '@site/components/admin/ui';
import { STATEMENT_FORMATS, statementFormatLabels, type StatementJson } from '../../contract';
import { accountUrl } from './shared';

const filters: FilterDef[] = [{ type: 'select', key: 'format', label: 'Format', all: 'Any format', options: STATEMENT_FORMATS.map((f) => ({ value: f, label: statementFormatLabels[f] })) }];
const columns = [
  col.dateTime<StatementJson>('createdAt', 'Imported', (s) => s.createdAt, { sort: 'createdAt' }),
  col.text<StatementJson>('fileName', 'File', (s) => s.fileName),
  col.text<StatementJson>('format', 'Format', (s) => statementFormatLabels[s.format]),
  col.custom<StatementJson>('period', 'Period', (s) => (s.periodFrom ? `${s.periodFrom} – ${s.periodTo ?? ''}` : '—'), { sort: 'periodTo' }),
  col.money<StatementJson>('opening', 'Opening (AED)', (s) => s.openingBalance),
  col.money<StatementJson>('closing', 'Closing (AED)', (s) => s.closingBalance),
  col.text<StatementJson>('lines', 'New lines', (s) => `${s.importedCount} of ${s.lineCount}`, { align: 'right' }),
];

export function StatementsList({ accountId }: { accountId: string }) {
  return (
    <Section title="Imported statements">
      <AdminTable<StatementJson>
        endpoint={accountUrl(accountId, '/statements')}
        caption="Imported statements"
        columns={columns}
        rowKey={(s) => s.id}
        noun={['statement', 'statements']}
        search={{ placeholder: 'Search file names' }}
        filters={filters}
        defaultSort="-createdAt"
        urlPrefix="statements."
        empty={{ icon: FileText, title: 'No statements imported yet', body: 'Import the bank’s CSV, OFX, MT940 or CAMT.053 file above.' }}
      />
    </Section>
  );
}
