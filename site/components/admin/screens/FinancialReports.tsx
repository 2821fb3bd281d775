/**
 * Financial reports (/admin/financial-reports): profit and loss, balance sheet, cash flow and trial
 * balance for any period beside the prior one, with CSV from the server and print-to-PDF, and the
 * whole period as an hledger journal for auditors.
 */
import { useState } from 'react';
import { BookOpen } from 'lucide-react';
import { ButtonLink, ScreenIntro, Section } from '../ui';
import { PRESETS, isIsoDate, presetRange, todayInDubai, type PresetKey } from '../ledger/dates';
import { ledgerUrl } from '../ledger/endpoints';
import { ExportButton } from '../ledger/ExportButton';
import { Field, Select } from '../ledger/parts';
import { StatementsView } from '../ledger/StatementsView';

export default function FinancialReports() {
  return (
    <>
      <ScreenIntro
        description="The statements an auditor signs, built from posted entries: profit and loss, balance sheet, cash flow and trial balance for any period, each beside the period before it. They read the same balances, so they agree to the fil."
        actions={
          <ButtonLink href="/admin/erp/accounting-ledger" icon={BookOpen}>
            General ledger
          </ButtonLink>
        }
      />
      <StatementsView />
      <JournalExport />
    </>
  );
}

/** The period as a plain-text journal that hledger and ledger read, each account named with its code. */
function JournalExport() {
  const today = todayInDubai();
  const [range, setRange] = useState(() => presetRange('year-to-date', today));
  const ok = isIsoDate(range.from) && isIsoDate(range.to) && range.from <= range.to;
  return (
    <Section title="Journal for auditors" description="Every posted entry in the period as a plain-text journal that hledger and ledger read without error, giving the same balances.">
      <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:flex-wrap sm:items-end">
        <Select
          label="Period"
          value=""
          onChange={(k) => k && setRange(presetRange(k as PresetKey, today))}
          options={[{ value: '', label: 'Choose a period' }, ...PRESETS.map((p) => ({ value: p.key, label: p.label }))]}
          className="sm:w-48"
        />
        <Field label="From" type="date" value={range.from} onChange={(from) => setRange((r) => ({ ...r, from }))} className="sm:w-40" error={ok ? null : 'Choose a start on or before the end.'} />
        <Field label="To" type="date" value={range.to} onChange={(to) => setRange((r) => ({ ...r, to }))} className="sm:w-40" />
        <ExportButton
          url={ledgerUrl('/export', { from: range.from, to: range.to })}
          label="Export journal (.journal)"
          fallbackName={`manzil-${range.from}-to-${range.to}.journal`}
          noun={['line', 'lines']}
          headerLines={0}
          disabled={!ok}
        />
      </div>
    </Section>
  );
}
