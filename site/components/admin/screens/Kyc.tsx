import { Download, ShieldCheck } from 'lucide-react';
import { Button, Card, RecordList, ScreenIntro, Section, notConnected } from '../ui';

const steps = [
  { title: 'Personal info', detail: 'Name, date of birth, nationality' },
  { title: 'Document upload', detail: 'Passport or Emirates ID' },
  { title: 'Address', detail: 'Residential address and proof' },
  { title: 'Financial info', detail: 'Source of funds and income' },
  { title: 'Final review', detail: 'Applicant confirms and submits' },
];

export default function Kyc() {
  return (
    <>
      <ScreenIntro
        description="Identity verification applications waiting for a decision. An investor can fund their wallet and invest only once their application is approved here."
        actions={
          <Button icon={Download} unavailable={notConnected('The verification queue')}>
            Export decisions
          </Button>
        }
      />
      <Section title="What an applicant submits" description="The five steps of /kyc, in order. Each application in the queue carries all five.">
        <Card>
          <ol className="grid divide-y divide-slate-100 sm:grid-cols-5 sm:divide-x sm:divide-y-0">
            {steps.map((s, i) => (
              <li key={s.title} className="flex gap-3 p-4 sm:flex-col sm:gap-2">
                <span className="grid h-7 w-7 shrink-0 place-items-center rounded-full bg-brand-50 text-xs font-semibold text-brand-800 ring-1 ring-brand-100" aria-hidden="true">
                  {i + 1}
                </span>
                <span>
                  <span className="block text-sm font-medium text-ink">{s.title}</span>
                  <span className="block text-xs text-slate-500">{s.detail}</span>
                </span>
              </li>
            ))}
          </ol>
        </Card>
      </Section>
      <RecordList
        caption="Verification applications"
        search="Applicant name, email or unique ID"
        filters={[
          { label: 'Status', all: 'All applications', options: ['Awaiting review', 'More information needed', 'Approved', 'Rejected'] },
          { label: 'Submitted', all: 'Any time', options: ['Today', 'Last 7 days', 'Last 30 days'] },
        ]}
        columns={[
          { key: 'applicant', label: 'Applicant' },
          { key: 'id', label: 'Unique ID' },
          { key: 'submitted', label: 'Submitted' },
          { key: 'docs', label: 'Documents' },
          { key: 'country', label: 'Nationality' },
          { key: 'status', label: 'Status' },
          { key: 'reviewer', label: 'Reviewer' },
        ]}
        minWidth={860}
        empty={{
          icon: ShieldCheck,
          title: 'No applications are waiting',
          body: 'When an investor submits the final review step, their application lands here for an approve or reject decision, with every document they uploaded.',
        }}
      />
    </>
  );
}
