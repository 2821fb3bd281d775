/** An announcement's delivery figures as a bar chart (recharts), with the same figures as a list for screen readers. */
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DeliveryFiguresJson } from '../../contract';

export const figureRows = (f: DeliveryFiguresJson) => [
  { key: 'recipients', label: 'Recipients', value: f.recipients, colour: '#1e3a5f' },
  { key: 'inApp', label: 'In-app delivered', value: f.inAppDelivered, colour: '#2f6f9f' },
  { key: 'queued', label: 'Emails queued', value: f.emailsQueued, colour: '#c9a46a' },
  { key: 'sent', label: 'Emails sent', value: f.emailsSent, colour: '#3f9f6f' },
  { key: 'failed', label: 'Emails failed', value: f.emailsFailed, colour: '#b94a48' },
  { key: 'skipped', label: 'Skipped by preference', value: f.skippedByPreference, colour: '#94a3b8' },
];

export function FiguresChart({ figures, title }: { figures: DeliveryFiguresJson; title: string }) {
  const rows = figureRows(figures);
  return (
    <figure className="grid gap-3 sm:grid-cols-[1fr_16rem] sm:items-center">
      <div className="h-48 w-full" aria-hidden="true" inert>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} interval={0} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
            <Tooltip />
            <Bar dataKey="value" name="People or emails">
              {rows.map((r) => (
                <Cell key={r.key} fill={r.colour} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption>
        <span className="sr-only">Delivery figures of “{title}”</span>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
          {rows.map((r) => (
            <div key={r.key} className="contents">
              <dt className="text-slate-500">{r.label}</dt>
              <dd className="text-right font-medium tabular-nums text-ink">{r.value.toLocaleString('en-US')}</dd>
            </div>
          ))}
        </dl>
      </figcaption>
    </figure>
  );
}
