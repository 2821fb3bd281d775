/**
 * The sections of one KYC application: a block of data, the chosen document, the sanctions and PEP
 * screening result and the history of the application.
 */
import { formatBytes } from '@modules/files/contract';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { type AdminKycDetail, countryName, type KycDocumentJson, kycDocumentStatusLabels, kycDocumentTypeLabels, kycStatusLabels } from '@modules/kyc/contract';
import { screeningCategoryLabels } from '@modules/kyc/screening-contract';
import { DocumentPreview } from '@site/components/kyc/DocumentPreview';
import { formatDateTime, isoOrRaw } from '../format';
import { Badge, cx } from '../ui';
import { formatDay, RiskBadge, StatusBadge } from './parts';

export function Data({ title, rows, empty }: { title: string; rows: [string, ReactNode][] | null; empty: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white">
      <h3 id={id} className="border-b border-slate-100 px-4 py-2.5 text-sm font-semibold text-ink">
        {title}
      </h3>
      {rows ? (
        <dl className="divide-y divide-slate-100">
          {rows.map(([term, detail]) => (
            <div key={term} className="grid gap-1 px-4 py-2.5 text-sm sm:grid-cols-[160px_1fr] sm:gap-3">
              <dt className="text-slate-500">{term}</dt>
              <dd className="text-ink [overflow-wrap:anywhere]">{detail || <span className="text-slate-400">—</span>}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="px-4 py-3 text-sm italic text-slate-500">{empty}</p>
      )}
    </section>
  );
}

export function DocumentPanel({ doc }: { doc: KycDocumentJson }) {
  const label = kycDocumentTypeLabels[doc.type];
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold text-ink">{label}</span>
        <Badge tone={doc.status === 'accepted' ? 'success' : doc.status === 'rejected' ? 'danger' : 'sand'}>{kycDocumentStatusLabels[doc.status]}</Badge>
        {doc.superseded ? <Badge>Replaced by a newer upload</Badge> : null}
        <span className="text-xs text-slate-500">
          Uploaded {formatDateTime(doc.uploadedAt)} · {formatBytes(doc.size)}
          {doc.width && doc.height ? ` · ${doc.width}×${doc.height}` : ''}
        </span>
      </div>
      {doc.rejectionReason ? <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">Rejected: {doc.rejectionReason}</p> : null}
      <DocumentPreview doc={doc} label={label} height={520} />
    </div>
  );
}

export function Screening({ detail }: { detail: AdminKycDetail }) {
  const s = detail.screening;
  const id = useId();
  return (
    <section aria-labelledby={id} className={cx('rounded-xl border bg-white', s.flagged ? 'border-red-300' : 'border-slate-200')} data-testid="kyc-screening">
      <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-2.5">
        <h3 id={id} className="flex items-center gap-2 text-sm font-semibold text-ink">
          {s.flagged ? <ShieldAlert className="h-4 w-4 text-red-700" aria-hidden="true" /> : <ShieldCheck className="h-4 w-4 text-brand-700" aria-hidden="true" />}
          Sanctions and PEP screening
        </h3>
        <RiskBadge risk={s.riskLevel} flagged={s.flagged} />
      </div>
      {s.hits.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-600">
          {s.screenedAt ? `No matches on the screening lists (checked ${formatDateTime(s.screenedAt)}).` : 'Not screened yet: screening runs when the application is submitted.'}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {s.hits.map((h) => (
            <li key={h.entryId} className="px-4 py-3 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-ink">{h.name}</span>
                <Badge tone={h.category === 'sanctions' ? 'danger' : 'warning'}>{screeningCategoryLabels[h.category]}</Badge>
                <span className="text-xs text-slate-500">
                  {Math.round(h.score * 100)}% match on “{h.matchedOn}” · {h.listName}
                  {h.reference ? ` · ${h.reference}` : ''}
                </span>
              </p>
              {h.reasons.length ? <p className="mt-1 text-xs text-slate-600">{h.reasons.join('; ')}</p> : null}
              <p className="mt-0.5 text-xs text-slate-500">
                {[h.dateOfBirth ? `Born ${formatDay(h.dateOfBirth)}` : '', h.nationality ? countryName(h.nationality) : ''].filter(Boolean).join(' · ')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function History({ detail }: { detail: AdminKycDetail }) {
  const id = useId();
  if (!detail.history.length) return null;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white">
      <h3 id={id} className="border-b border-slate-100 px-4 py-2.5 text-sm font-semibold text-ink">
        History
      </h3>
      <ol className="divide-y divide-slate-100">
        {detail.history.map((h) => (
          <li key={h.id} className="px-4 py-2.5 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              <time dateTime={isoOrRaw(h.at)} className="text-xs text-slate-500 tabular-nums">
                {formatDateTime(h.at)}
              </time>
              {h.from ? <span className="text-slate-500">{kycStatusLabels[h.from]} →</span> : null}
              <StatusBadge status={h.to} />
              {h.actor ? <span className="text-xs text-slate-500">by {h.actor.name}</span> : null}
            </p>
            {h.note ? <p className="mt-1 text-slate-700">{h.note}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
