import type { ReactNode } from 'react';
import { countryName } from '../countries';
import { chosenDocuments, requiredSlots } from '../documents';
import {
  addressSchema,
  EMPLOYMENT_STATUSES,
  fieldErrors,
  financialSchema,
  ID_TYPES,
  INCOME_BANDS,
  labelOf,
  NET_WORTH_BANDS,
  personalSchema,
  SOURCES_OF_FUNDS,
} from '../kyc-draft';
import { primaryButtonClass } from '../fields';
import { linkTo, StepActions } from '../StepActions';
import type { StepFormProps } from '../step-types';
import type { KycStepSlug } from '../steps';

function formatDate(iso: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return '';
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))),
  );
}

export function ReviewStep({ draft, setDraft, go }: StepFormProps) {
  const { personal: p, address: a, financial: f } = draft;
  const files = chosenDocuments.all();
  const slots = requiredSlots(p.idType);

  const missing = {
    personal: Object.keys(fieldErrors(personalSchema, p)).length,
    address: Object.keys(fieldErrors(addressSchema, a)).length,
    financial: Object.keys(fieldErrors(financialSchema, f)).length,
  };

  return (
    <div>
      <div className="space-y-4">
        <Section title="Personal information" slug="personal" go={go} incomplete={missing.personal}>
          <Row label="Legal name" value={[p.firstName, p.lastName].filter(Boolean).join(' ')} />
          <Row label="Date of birth" value={formatDate(p.dateOfBirth)} />
          <Row label="Nationality" value={p.nationality ? countryName(p.nationality) : ''} />
          <Row label="ID" value={p.idNumber ? `${labelOf(ID_TYPES, p.idType)} · ${p.idNumber}` : ''} />
        </Section>

        <Section title="Documents" slug="documents" go={go} incomplete={slots.length} incompleteText="Not uploaded">
          {slots.map((s) => {
            const file = files.get(s.key);
            return <Row key={s.key} label={s.label} value={file ? `${file.name} · chosen, not uploaded` : ''} emptyText="Not chosen" />;
          })}
        </Section>

        <Section title="Address" slug="address" go={go} incomplete={missing.address}>
          <Row
            label="Address"
            value={[a.line1, a.line2, a.city, a.country === 'AE' ? a.emirate : a.region, a.postalCode, a.line1 ? countryName(a.country) : '']
              .filter(Boolean)
              .join(', ')}
          />
        </Section>

        <Section title="Financial information" slug="financial" go={go} incomplete={missing.financial}>
          <Row
            label="Employment"
            value={[labelOf(EMPLOYMENT_STATUSES, f.employmentStatus), f.occupation.trim()].filter(Boolean).join(' · ')}
          />
          <Row label="Annual income" value={labelOf(INCOME_BANDS, f.incomeBand)} />
          <Row label="Source of funds" value={f.sourcesOfFunds.map((s) => labelOf(SOURCES_OF_FUNDS, s)).filter(Boolean).join(', ')} />
          <Row label="Net worth" value={labelOf(NET_WORTH_BANDS, f.netWorthBand)} />
        </Section>
      </div>

      <div className="mt-8 rounded-xl border border-slate-200 bg-slate-50/70 p-5">
        <label htmlFor="declaration" className="flex cursor-pointer items-start gap-3 text-sm leading-relaxed text-slate-700">
          <input
            id="declaration"
            type="checkbox"
            checked={draft.declaration}
            onChange={(e) => setDraft((d) => ({ ...d, declaration: e.target.checked }))}
            className="mt-1 h-4 w-4 shrink-0 rounded accent-brand-700"
          />
          <span>
            I confirm that the information I’ve given is true and complete, that I’m investing on my own behalf with money that is lawfully mine, and
            that I’ll tell Manzil promptly if any of it changes. I understand that Manzil checks these details and my documents to meet UAE
            anti-money-laundering rules.
          </span>
        </label>
      </div>

      <StepActions
        back="financial"
        go={go}
        note="Your answers are kept on this device until you submit."
        primary={
          <div className="flex flex-col items-stretch gap-2 sm:max-w-xs sm:items-end">
            <button type="button" disabled aria-describedby="submit-requirement" className={primaryButtonClass}>
              Submit for verification
            </button>
            <p id="submit-requirement" className="text-sm text-slate-600 sm:text-right">
              Submitting requires the Documents step to be complete, with each document uploaded. No documents have been uploaded from this device
              yet.
            </p>
          </div>
        }
      />
    </div>
  );
}

function Section({
  title,
  slug,
  go,
  incomplete,
  incompleteText = 'Incomplete',
  children,
}: {
  title: string;
  slug: KycStepSlug;
  go: (slug: KycStepSlug) => void;
  incomplete: number;
  incompleteText?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`review-${slug}`} className="rounded-xl border border-slate-200 bg-white">
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-3.5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={`review-${slug}`} className="font-semibold text-ink">
            {title}
          </h2>
          {incomplete > 0 ? (
            <span className="rounded-full bg-sand-50 px-2 py-0.5 text-xs font-medium text-sand-700 ring-1 ring-sand-200">{incompleteText}</span>
          ) : (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 ring-1 ring-brand-200">Complete</span>
          )}
        </div>
        <a {...linkTo(go, slug)} className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 hover:text-brand-900">
          Edit<span className="sr-only"> {title.toLowerCase()}</span>
        </a>
      </div>
      <dl className="divide-y divide-slate-100 px-5">{children}</dl>
    </section>
  );
}

function Row({ label, value, emptyText = 'Not answered' }: { label: string; value: string; emptyText?: string }) {
  return (
    <div className="grid gap-1 py-3 text-sm sm:grid-cols-[180px_1fr] sm:gap-4">
      <dt className="text-slate-500">{label}</dt>
      <dd className={value ? 'break-words text-ink' : 'italic text-slate-400'}>{value || emptyText}</dd>
    </div>
  );
}
