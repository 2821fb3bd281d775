/** Waitlist (/admin/waitlist): everyone who asked to hear about new properties, on the one admin table. */
import { ClipboardList } from 'lucide-react';
import { INTERESTS, interestLabels, type WaitlistEntryJson } from '@modules/waitlist/contract';
import { WAITLIST_ENDPOINT, interestLabel } from '../data';
import { AdminTable, StatusCell, col, type FilterDef } from '../table';
import { ScreenIntro } from '../ui';

const columns = [
  col.custom<WaitlistEntryJson>('name', 'Name', (r) => (r.name ? <span className="whitespace-nowrap font-medium text-ink">{r.name}</span> : <span className="text-slate-400">Not given</span>), { sort: 'name' }),
  col.link<WaitlistEntryJson>('email', 'Email', (r) => ({ href: `mailto:${r.email}`, label: r.email }), { sort: 'email' }),
  col.custom<WaitlistEntryJson>('interest', 'Interested in', (r) => (r.interest ? <StatusCell value={r.interest} label={interestLabel(r.interest)} tone={r.interest === 'sip' ? 'brand' : r.interest === 'learning' ? 'neutral' : 'sand'} /> : <span className="text-slate-400">Not given</span>), { sort: 'interest' }),
  col.dateTime<WaitlistEntryJson>('createdAt', 'Joined (UAE time)', (r) => r.createdAt, { sort: 'createdAt' }),
];

const filters: FilterDef[] = [{ type: 'select', key: 'interest', label: 'Interested in', all: 'All interests', options: INTERESTS.map((i) => ({ value: i, label: interestLabels[i] })), className: 'sm:w-64' }];

export default function Waitlist() {
  return (
    <>
      <ScreenIntro description="Everyone who asked to hear when new properties open for funding, newest first, with what they want to invest in. Use it to plan launches and invite people in." />
      <AdminTable<WaitlistEntryJson>
        endpoint={WAITLIST_ENDPOINT}
        caption="Waitlist sign-ups"
        columns={columns}
        rowKey={(r) => r.id}
        noun={['person', 'people']}
        search={{ placeholder: 'Name or email' }}
        filters={filters}
        defaultSort="-createdAt"
        minWidth={640}
        empty={{
          icon: ClipboardList,
          title: 'No one has joined the waitlist yet',
          body: "People who leave their email on the home page to hear about new properties appear here, with what they'd like to invest in.",
        }}
      />
    </>
  );
}
