import { FileText } from 'lucide-react';
import { Button, Card, RecordList, ScreenIntro, Section, notConnected } from '../ui';

const reports = [
  { name: 'Balance sheet', what: 'What Manzil owns and owes on a date, including investor money held in escrow.' },
  { name: 'Income statement', what: 'Fee income against operating costs for a period.' },
  { name: 'Cash flow statement', what: 'Cash in and out of every bank account, by activity.' },
  { name: 'Trial balance', what: 'Every account balance, proving debits equal credits.' },
  { name: 'Investor holdings', what: 'Shares held in each property, by investor, at a date.' },
  { name: 'VAT summary', what: 'Output and input VAT for a return period.' },
];

export default function FinancialReports() {
  return (
    <>
      <ScreenIntro
        description="The standard reports for management, auditors and the regulator, built from posted journal entries for any period you choose."
        actions={
          <Button variant="primary" icon={FileText} unavailable={notConnected('The accounting ledger')}>
            Generate report
          </Button>
        }
      />
      <Section title="Available reports">
        <Card>
          <ul className="grid divide-y divide-slate-100 sm:grid-cols-2 sm:divide-y-0 xl:grid-cols-3">
            {reports.map((r) => (
              <li key={r.name} className="border-slate-100 p-5 sm:border-b">
                <p className="font-semibold text-ink">{r.name}</p>
                <p className="mt-1 text-sm leading-snug text-slate-500">{r.what}</p>
              </li>
            ))}
          </ul>
        </Card>
      </Section>
      <Section title="Generated reports">
        <div className="-mt-6">
          <RecordList
            caption="Generated reports"
            filters={[{ label: 'Report', all: 'All reports', options: reports.map((r) => r.name) }]}
            columns={[
              { key: 'report', label: 'Report' },
              { key: 'period', label: 'Period' },
              { key: 'generated', label: 'Generated' },
              { key: 'by', label: 'By' },
              { key: 'format', label: 'Format' },
            ]}
            empty={{ icon: FileText, title: 'No reports generated', body: 'Reports are built from posted journal entries. None have been posted yet, so there is nothing to report.' }}
          />
        </div>
      </Section>
    </>
  );
}
