/**
 * The sales pipeline (quotations by status, with their value) and conversion by month, as recharts bar charts.
 * Each chart is hidden from screen readers and paired with a visually hidden table of the same figures.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { monthYear } from '@modules/platform/dates';
import { quotationStatusLabels, type SalesSummaryJson } from '../../contract';
import { aed, percent } from './shared';

const BRAND = '#0f4c45';
const SAND = '#c9a96e';

export function PipelineChart({ summary }: { summary: SalesSummaryJson }) {
  const data = summary.quotations.map((s) => ({ label: quotationStatusLabels[s.status], count: s.count, value: Number(BigInt(s.net) / 100n) }));
  return (
    <figure>
      <div aria-hidden="true" inert className="h-56 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={32} />
            <Tooltip formatter={(v, name) => (name === 'count' ? [String(v), 'Quotations'] : [String(v), name])} />
            <Bar dataKey="count" fill={BRAND} radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>Quotations by status, with their value excluding VAT</caption>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Quotations</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {summary.quotations.map((s) => (
            <tr key={s.status}>
              <th scope="row">{quotationStatusLabels[s.status]}</th>
              <td>{s.count}</td>
              <td>{aed(s.net)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-5" aria-hidden="true">
        {summary.quotations.map((s) => (
          <li key={s.status} className="rounded-md bg-slate-50 px-3 py-2">
            <span className="block text-xs text-slate-500">{quotationStatusLabels[s.status]}</span>
            <span className="block font-medium tabular-nums text-ink">{aed(s.net)}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

export function ConversionChart({ summary }: { summary: SalesSummaryJson }) {
  const data = summary.conversion.map((c) => ({ month: monthYear(`${c.month}-01`), accepted: c.accepted, lost: c.decided - c.accepted }));
  const decided = summary.conversion.some((c) => c.decided > 0);
  return (
    <figure>
      {decided ? (
        <div aria-hidden="true" inert className="h-56 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="month" tick={{ fontSize: 12 }} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={32} />
              <Tooltip />
              <Bar dataKey="accepted" name="Accepted" stackId="d" fill={BRAND} />
              <Bar dataKey="lost" name="Declined or expired" stackId="d" fill={SAND} radius={[4, 4, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      ) : (
        <p className="text-sm text-slate-500">No quotation has been accepted, declined or expired in the last six months.</p>
      )}
      <table className="sr-only">
        <caption>Conversion by month of decision: quotations accepted out of those decided</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Accepted</th>
            <th scope="col">Decided</th>
            <th scope="col">Conversion</th>
          </tr>
        </thead>
        <tbody>
          {summary.conversion.map((c) => (
            <tr key={c.month}>
              <th scope="row">{monthYear(`${c.month}-01`)}</th>
              <td>{c.accepted}</td>
              <td>{c.decided}</td>
              <td>{percent(c.rateBps)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
