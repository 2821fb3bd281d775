import { Percent, Settings2 } from 'lucide-react';
import { ButtonLink, Card, DefinitionList, RecordList, ScreenIntro, Section } from '../ui';

export default function Tax() {
  return (
    <>
      <ScreenIntro
        description="VAT on what Manzil charges and pays: the registration details, each return period, and what is due to the Federal Tax Authority and when."
        actions={
          <ButtonLink href="/admin/tax/management" variant="primary" icon={Settings2}>
            Tax management
          </ButtonLink>
        }
      />
      <Section title="Registration">
        <Card>
          <DefinitionList
            items={[
              { term: 'Tax registration number (TRN)', detail: <span className="text-slate-500">Not recorded</span> },
              { term: 'Return frequency', detail: <span className="text-slate-500">Not recorded</span> },
              { term: 'Standard VAT rate', detail: '5%' },
            ]}
          />
        </Card>
      </Section>
      <Section title="Return periods">
        <div className="-mt-6">
          <RecordList
            caption="VAT return periods"
            filters={[{ label: 'Status', all: 'Any status', options: ['Open', 'Ready to file', 'Filed', 'Paid'] }]}
            columns={[
              { key: 'period', label: 'Period' },
              { key: 'output', label: 'Output VAT (AED)', align: 'right' },
              { key: 'input', label: 'Input VAT (AED)', align: 'right' },
              { key: 'net', label: 'Net due (AED)', align: 'right' },
              { key: 'due', label: 'Filing due' },
              { key: 'status', label: 'Status' },
            ]}
            empty={{ icon: Percent, title: 'No VAT periods to show', body: 'Each period is worked out from invoices and bills posted to the ledger; none have been posted yet.' }}
          />
        </div>
      </Section>
    </>
  );
}
