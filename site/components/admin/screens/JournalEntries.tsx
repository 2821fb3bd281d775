import { NotebookPen, Plus } from 'lucide-react';
import { Button, RecordList, ScreenIntro, notConnected } from '../ui';

export default function JournalEntries() {
  return (
    <>
      <ScreenIntro
        description="Balanced bookings behind every money movement: deposits, investments, fees, rental payouts and manual adjustments. Posted entries are never edited, only reversed."
        actions={
          <Button variant="primary" icon={Plus} unavailable={notConnected('The accounting ledger')}>
            New journal entry
          </Button>
        }
      />
      <RecordList
        caption="Journal entries"
        search="Entry number or memo"
        filters={[
          { label: 'Source', all: 'All sources', options: ['Manual', 'Deposits', 'Investments', 'Fees', 'Rental payouts', 'Payroll'] },
          { label: 'Status', all: 'Any status', options: ['Draft', 'Posted', 'Reversed'] },
          { label: 'Period', all: 'All periods', options: ['This month', 'Last month', 'This quarter', 'This financial year'] },
        ]}
        columns={[
          { key: 'no', label: 'Entry no.' },
          { key: 'date', label: 'Date' },
          { key: 'memo', label: 'Memo' },
          { key: 'source', label: 'Source' },
          { key: 'debit', label: 'Debit (AED)', align: 'right' },
          { key: 'credit', label: 'Credit (AED)', align: 'right' },
          { key: 'status', label: 'Status' },
        ]}
        minWidth={860}
        empty={{ icon: NotebookPen, title: 'No journal entries have been posted yet', body: 'Entries appear here as deposits, investments and fees are booked.' }}
      />
    </>
  );
}
