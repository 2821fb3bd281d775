import { type ReactNode, useState } from 'react';
import {
  employmentStatusLabels,
  idTypeLabels,
  incomeBandLabels,
  investorClassificationLabels,
  KYC_DECLARATION_TEXT,
  type KycApplicationJson,
  kycDocumentTypeLabels,
  kycMessages,
  type KycMissingItem,
  type KycStep,
  netWorthBandLabels,
  professionalCriterionLabels,
  sourceOfFundsLabels,
} from '@modules/kyc/contract';
import { formatDateLong, isIsoDate } from '@modules/platform/dates';
import { ApiError, api, errorText } from '@site/lib/api';
import { countryName } from '../countries';
import { currentDocument, documentSlots, isImage, missingDocuments } from '../documents';
import { FieldError, primaryButtonClass } from '../fields';
import { clearLocalDrafts } from '../kyc-draft';
import { linkTo, StepActions } from '../StepActions';
import type { StepFormProps } from '../step-types';
import type { KycStepSlug } from '../steps';
import { useAcceptApplication } from '../use-kyc';

/** '1990-05-14' → '14 May 1990'; blank when it isn't a date. */
const formatDate = (iso: string | undefined | null) => (iso && isIsoDate(iso) ? formatDateLong(iso) : '');

/** Missing items per section, for the badges (the review step's own item, the declaration, is handled here). */
function missingBy(items: KycMissingItem[]) {
  const by = (step: KycStep) => items.filter((m) => m.step === step);
  return { personal: by('personal'), documents: by('documents'), address: by('address'), financial: by('financial') };
}

export function ReviewStep({ user, app, go }: StepFormProps) {
  const accept = useAcceptApplication(user);
  const [declaration, setDeclaration] = useState(false);
  const [declarationError, setDeclarationError] = useState<string>();
  const [serverMissing, setServerMissing] = useState<KycMissingItem[] | null>(null);
  const [submitError, setSubmitError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { personal: p, address: a, financial: f } = app;

  const items = (serverMissing ?? app.missing).filter((m) => m.step !== 'review');
  const missing = missingBy(items);
  const docsMissing = missingDocuments(app);
  const ready = items.length === 0 && docsMissing.length === 0;
  const resubmitting = app.status === 'rejected';

  const submit = async () => {
    setSubmitError(undefined);
    if (!declaration) {
      setDeclarationError(kycMessages.declaration);
      document.getElementById('declaration')?.focus();
      return;
    }
    setBusy(true);
    try {
      const next = await api.post<KycApplicationJson>('/api/kyc/submit', { declaration: true });
      clearLocalDrafts();
      accept(next);
      go('verify');
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as { error?: string; missing?: KycMissingItem[] } | undefined) : undefined;
      if (body?.missing) {
        setServerMissing(body.missing);
        const onlyDeclaration = body.missing.every((m) => m.step === 'review');
        if (onlyDeclaration) setDeclarationError(body.missing[0]?.message ?? kycMessages.declaration);
        else setSubmitError('Some details are still missing. Complete the sections marked below, then submit.');
      } else {
        setSubmitError(errorText(err, 'Your verification could not be submitted. Please try again.'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      {resubmitting && (
        <div role="note" className="mb-6 rounded-xl border border-sand-300 bg-sand-50 p-4 text-sm text-slate-700">
          <p className="font-semibold text-ink">What our compliance team asked you to fix</p>
          {app.rejection && <p className="mt-1">{app.rejection.reason}</p>}
          {app.requestedDocuments && <p className="mt-1">{app.requestedDocuments.message}</p>}
          <p className="mt-2">Update what’s needed below, then submit again.</p>
        </div>
      )}
      {(submitError || (serverMissing && items.length > 0)) && (
        <div role="alert" className="mb-6 rounded-xl border border-red-200 bg-red-50/70 p-4 text-sm text-red-800" data-testid="review-missing">
          <p className="font-semibold">{submitError ?? 'Some details are still missing.'}</p>
          {items.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {items.map((m, i) => (
                <li key={`${m.step}-${m.field ?? m.documentType ?? i}`}>
                  <a {...linkTo(go, m.step as KycStepSlug)} className="underline underline-offset-2">
                    {m.message}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <div className="space-y-4">
        <Section title="Personal information" slug="personal" go={go} incomplete={!app.steps.personal.complete || missing.personal.length > 0}>
          <Row label="Legal name" value={p ? [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ') : ''} />
          <Row label="Date of birth" value={formatDate(p?.dateOfBirth)} />
          <Row label="Nationality" value={p ? countryName(p.nationality) : ''} />
          <Row label="ID" value={p ? `${idTypeLabels[p.idType]} · ${p.idNumber}` : ''} />
          <Row label="ID expires" value={formatDate(p?.idExpiryDate)} />
        </Section>

        <Section title="Documents" slug="documents" go={go} incomplete={docsMissing.length > 0 || missing.documents.length > 0}>
          {documentSlots(app).map((t) => {
            const doc = currentDocument(app, t);
            const needed = docsMissing.includes(t);
            return (
              <Row
                key={t}
                label={kycDocumentTypeLabels[t]}
                emptyText="Not uploaded"
                value={doc && !needed ? (doc.originalName ?? 'Uploaded') : ''}
                extra={doc && !needed ? <Thumb url={doc.url} image={isImage(doc.contentType)} label={kycDocumentTypeLabels[t]} /> : undefined}
              />
            );
          })}
        </Section>

        <Section title="Address" slug="address" go={go} incomplete={!app.steps.address.complete || missing.address.length > 0}>
          <Row label="Address" value={a ? [a.line1, a.line2, a.city, a.region, a.postalCode, countryName(a.country)].filter(Boolean).join(', ') : ''} />
        </Section>

        <Section title="Financial information" slug="financial" go={go} incomplete={!app.steps.financial.complete || missing.financial.length > 0}>
          <Row label="Employment" value={f ? [employmentStatusLabels[f.employmentStatus], f.occupation, f.employerName].filter(Boolean).join(' · ') : ''} />
          <Row label="Annual income" value={f ? incomeBandLabels[f.incomeBand] : ''} />
          <Row
            label="Source of funds"
            value={f ? [...f.sourceOfFunds.filter((s) => s !== 'other').map((s) => sourceOfFundsLabels[s]), f.sourceOfFundsOther].filter(Boolean).join(', ') : ''}
          />
          <Row label="Net worth" value={f ? netWorthBandLabels[f.netWorthBand] : ''} />
          <Row label="Politically exposed" value={f ? (f.politicallyExposed ? 'Yes' : 'No') : ''} />
          <Row
            label="Classification"
            value={
              f
                ? [investorClassificationLabels[f.classification], ...f.professionalCriteria.map((c) => professionalCriterionLabels[c])].join(' · ')
                : ''
            }
          />
        </Section>
      </div>

      <div className="mt-8 rounded-xl border border-slate-200 bg-slate-50/70 p-5">
        <label htmlFor="declaration" className="flex cursor-pointer items-start gap-3 text-sm leading-relaxed text-slate-700">
          <input
            id="declaration"
            type="checkbox"
            checked={declaration}
            onChange={(e) => {
              setDeclaration(e.target.checked);
              if (e.target.checked) setDeclarationError(undefined);
            }}
            aria-invalid={declarationError ? true : undefined}
            aria-describedby={declarationError ? 'declaration-error' : undefined}
            className="mt-1 h-4 w-4 shrink-0 rounded accent-brand-700"
          />
          <span>{KYC_DECLARATION_TEXT}</span>
        </label>
        <FieldError id="declaration" error={declarationError} />
      </div>

      <StepActions
        back="financial"
        go={go}
        note="Your answers are saved to your account. Once you submit, they can’t be changed while they’re reviewed."
        primary={
          <div className="flex flex-col items-stretch gap-2 sm:max-w-xs sm:items-end">
            <button type="button" onClick={() => void submit()} disabled={busy || !ready} aria-describedby={ready ? undefined : 'submit-requirement'} className={primaryButtonClass}>
              {busy ? 'Submitting…' : resubmitting ? 'Submit again for verification' : 'Submit for verification'}
            </button>
            {!ready && (
              <p id="submit-requirement" className="text-sm text-slate-600 sm:text-right">
                Complete every section marked “Incomplete” to submit.
              </p>
            )}
          </div>
        }
      />
    </div>
  );
}

function Section({ title, slug, go, incomplete, children }: { title: string; slug: KycStepSlug; go: (slug: KycStepSlug) => void; incomplete: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby={`review-${slug}`} className="rounded-xl border border-slate-200 bg-white" data-testid={`review-${slug}`}>
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-3.5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={`review-${slug}`} className="font-semibold text-ink">
            {title}
          </h2>
          {incomplete ? (
            <span className="rounded-full bg-sand-50 px-2 py-0.5 text-xs font-medium text-sand-700 ring-1 ring-sand-200">Incomplete</span>
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

function Row({ label, value, emptyText = 'Not answered', extra }: { label: string; value: string; emptyText?: string; extra?: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 text-sm sm:grid-cols-[180px_1fr] sm:items-center sm:gap-4">
      <dt className="text-slate-500">{label}</dt>
      <dd className={`flex items-center gap-3 ${value ? 'break-words text-ink' : 'italic text-slate-400'}`}>
        {extra}
        <span className="min-w-0">{value || emptyText}</span>
      </dd>
    </div>
  );
}

function Thumb({ url, image, label }: { url: string; image: boolean; label: string }) {
  return (
    <a href={url} target="_blank" rel="noreferrer" className="shrink-0" aria-label={`Open your ${label} in a new tab`}>
      {image ? (
        <img src={url} alt="" loading="lazy" className="h-10 w-10 rounded object-cover ring-1 ring-slate-200" />
      ) : (
        <span className="grid h-10 w-10 place-items-center rounded bg-slate-50 text-[10px] font-semibold text-red-700 ring-1 ring-slate-200">PDF</span>
      )}
    </a>
  );
}
