/** The VAT registration as the tax settings hold it, or "Not yet registered" with the way to record it. */
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck } from 'lucide-react';
import { formatDate } from '@modules/platform/dates';
import { Badge, ButtonLink, Card, DefinitionList, Section } from '@site/components/admin/ui';
import { ErrorNote } from '@site/components/admin/ledger/parts';
import { errorText } from '@site/lib/api';
import { emirateLabels, type TaxSettingsJson } from '../../contract';
import { MANAGEMENT_PATH, SETTINGS_URL } from './shared';

export function RegistrationCard() {
  const q = useQuery<TaxSettingsJson>({ queryKey: [SETTINGS_URL] });
  const s = q.data;
  return (
    <Section title="Registration" description="The VAT registration printed on tax invoices and on each return.">
      <Card className="p-5">
        {q.isPending ? (
          <p role="status" className="text-sm text-slate-500">
            Loading the registration…
          </p>
        ) : q.isError || !s ? (
          <ErrorNote title="The registration could not be loaded">{errorText(q.error, 'Try again in a moment.')}</ErrorNote>
        ) : !s.registered ? (
          <div className="flex flex-wrap items-center justify-between gap-4">
            <div>
              <p className="font-medium text-ink">
                <Badge tone="warning">Not yet registered</Badge>
              </p>
              <p className="mt-2 max-w-2xl text-sm text-slate-600">
                No tax registration number has been recorded. Until it is, returns are worked out with the default settings shown in Tax management and cannot be filed.
              </p>
            </div>
            <ButtonLink href={MANAGEMENT_PATH} variant="primary" icon={BadgeCheck}>
              Record the registration
            </ButtonLink>
          </div>
        ) : (
          <DefinitionList
            items={[
              { term: 'Tax registration number (TRN)', detail: <span className="font-mono">{s.trn}</span> },
              { term: 'Legal name', detail: s.legalName },
              { term: 'Registered address', detail: s.address || <span className="text-slate-500">Not recorded</span> },
              { term: 'Return frequency', detail: s.filingFrequency === 'monthly' ? 'Monthly' : 'Quarterly' },
              { term: 'First tax period starts', detail: formatDate(s.firstPeriodStart) },
              { term: 'Place of supply for platform charges', detail: emirateLabels[s.defaultEmirate] },
              { term: 'Standard VAT rate', detail: '5%' },
            ]}
          />
        )}
      </Card>
    </Section>
  );
}
