import { Badge, cx } from '../ui';
import { bodySchema, constraintsLabel, schemaRows, typeLabel, type Endpoint } from './model';

const methodTone = { GET: 'brand', POST: 'success', PUT: 'warning', PATCH: 'warning', DELETE: 'danger' } as const;

export function MethodBadge({ method }: { method: string }) {
  return <Badge tone={methodTone[method as keyof typeof methodTone] ?? 'neutral'}>{method}</Badge>;
}

const cell = 'px-3 py-1.5 align-top';
const head = 'px-3 py-1.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-500';

/** One route, opened: its parameters, its JSON body field by field, and its answers. */
export function EndpointDetails({ endpoint }: { endpoint: Endpoint }) {
  const { operation } = endpoint;
  const parameters = operation.parameters ?? [];
  const rows = schemaRows(bodySchema(operation));
  const responses = Object.entries(operation.responses ?? {});
  return (
    <div className="space-y-4 border-t border-slate-100 bg-slate-50/50 px-4 py-4 text-sm">
      {operation.summary || operation.description ? <p className="text-slate-600">{operation.summary ?? operation.description}</p> : null}
      <section aria-label="Parameters">
        <h4 className="font-semibold text-ink">Parameters</h4>
        {parameters.length ? (
          <table className="mt-1 w-full border-collapse">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className={head}>Name</th>
                <th scope="col" className={head}>In</th>
                <th scope="col" className={head}>Type</th>
                <th scope="col" className={head}>Limits</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {parameters.map((p) => (
                <tr key={`${p.in}-${p.name}`}>
                  <td className={cx(cell, 'font-mono')}>
                    {p.name}
                    {p.required ? <span className="ml-1 text-red-700" title="required">*</span> : null}
                  </td>
                  <td className={cell}>{p.in}</td>
                  <td className={cx(cell, 'font-mono text-xs')}>{typeLabel(p.schema)}</td>
                  <td className={cell}>{constraintsLabel(p.schema)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="mt-1 text-slate-500">None.</p>
        )}
      </section>
      <section aria-label="Request body">
        <h4 className="font-semibold text-ink">Request body (JSON)</h4>
        {rows.length ? (
          <table className="mt-1 w-full border-collapse">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className={head}>Field</th>
                <th scope="col" className={head}>Type</th>
                <th scope="col" className={head}>Notes</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r) => (
                <tr key={r.name}>
                  <td className={cx(cell, 'font-mono')} style={{ paddingLeft: `${0.75 + r.depth * 1.25}rem` }}>
                    {r.name}
                    {r.required ? <span className="ml-1 text-red-700" title="required">*</span> : null}
                  </td>
                  <td className={cx(cell, 'font-mono text-xs')}>{r.type}</td>
                  <td className={cell}>{r.notes}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="mt-1 text-slate-500">{operation.requestBody ? 'A JSON body (free-form, or a file upload as multipart/form-data).' : 'None.'}</p>
        )}
      </section>
      <section aria-label="Responses">
        <h4 className="font-semibold text-ink">Responses</h4>
        <ul className="mt-1 space-y-0.5">
          {responses.map(([status, r]) => (
            <li key={status}>
              <span className={cx('font-mono font-semibold', Number(status) >= 400 ? 'text-red-800' : 'text-emerald-800')}>{status}</span>{' '}
              <span className="text-slate-600">{r.description}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
