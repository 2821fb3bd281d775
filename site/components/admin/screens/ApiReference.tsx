import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { EndpointDetails, MethodBadge } from '../api-reference/EndpointDetails';
import { groupEndpoints, tagsOf, type ApiDocument } from '../api-reference/model';
import { ErrorState } from '../table/states';
import { Card, EmptyState, ScreenIntro, SearchField, Section, SelectField, Toolbar } from '../ui';

const SPEC_URL = '/api/openapi.json';
const tagId = (tag: string) => `api-tag-${tag.replace(/[^a-z0-9]+/gi, '-')}`;

/**
 * The API described by itself: every /api route from the OpenAPI document the server generates
 * from its route schemas, grouped by module, each opening to its parameters, body and answers.
 */
export default function ApiReference() {
  const spec = useQuery<ApiDocument>({ queryKey: [SPEC_URL], staleTime: Infinity });
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const groups = useMemo(() => (spec.data ? groupEndpoints(spec.data, { q: search, tag }) : []), [spec.data, search, tag]);
  const count = groups.reduce((n, g) => n + g.endpoints.length, 0);

  return (
    <>
      <ScreenIntro
        description="Every route of the Manzil API, generated from the schemas the server validates with, so it cannot drift from the code. Open a route to see its parameters, its JSON body and the answers it gives; errors answer { message, error } with a code from the list at the bottom."
        actions={
          <a
            className="inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3.5 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            href={SPEC_URL}
            download="manzil-openapi.json"
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            Download OpenAPI JSON
          </a>
        }
      />
      <Card className="mt-6 overflow-hidden">
        <Toolbar label="Find a route">
          <SearchField label="Search" value={search} onChange={setSearch} placeholder="Path, method or module, e.g. post wallet" />
          <SelectField
            label="Module"
            value={tag}
            onChange={setTag}
            options={[{ value: '', label: 'All modules' }, ...(spec.data ? tagsOf(spec.data) : []).map((t) => ({ value: t, label: t }))]}
            className="sm:w-56"
          />
        </Toolbar>
        {spec.isPending ? (
          <p role="status" className="px-4 py-10 text-center text-sm text-slate-500">
            Loading the API description…
          </p>
        ) : spec.isError ? (
          <ErrorState error={spec.error} what="the API description" onRetry={() => void spec.refetch()} retrying={spec.isFetching} />
        ) : count === 0 ? (
          <EmptyState title="No route matches">Try fewer words, or choose all modules.</EmptyState>
        ) : (
          <div>
            <p className="px-4 pt-3 text-sm text-slate-500" role="status">
              {count} {count === 1 ? 'route' : 'routes'} · OpenAPI {spec.data.openapi}
            </p>
            {groups.map((g) => (
              <section key={g.tag} aria-labelledby={tagId(g.tag)} className="px-4 py-3">
                <h3 id={tagId(g.tag)} className="text-sm font-semibold uppercase tracking-wide text-slate-500">
                  {g.tag}
                </h3>
                <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
                  {g.endpoints.map((e) => {
                    const key = `${e.method} ${e.path}`;
                    const expanded = open === key;
                    return (
                      <li key={key}>
                        <button
                          type="button"
                          className="flex w-full items-center gap-3 px-4 py-2 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500"
                          aria-expanded={expanded}
                          onClick={() => setOpen(expanded ? null : key)}
                        >
                          {expanded ? <ChevronDown className="h-4 w-4 text-slate-400" aria-hidden="true" /> : <ChevronRight className="h-4 w-4 text-slate-400" aria-hidden="true" />}
                          <span className="w-16 shrink-0">
                            <MethodBadge method={e.method} />
                          </span>
                          <span className="break-all font-mono text-sm text-ink">{e.path}</span>
                        </button>
                        {expanded ? <EndpointDetails endpoint={e} /> : null}
                      </li>
                    );
                  })}
                </ul>
              </section>
            ))}
          </div>
        )}
      </Card>
      {spec.data?.['x-error-codes'] ? (
        <Section title="Error codes" description="The `error` field of every failed answer, by HTTP status. The `message` beside it is a sentence a person can act on.">
          <dl className="grid gap-3 text-sm sm:grid-cols-[5rem_1fr]">
            {Object.entries(spec.data['x-error-codes']).map(([status, codes]) => (
              <div key={status} className="contents">
                <dt className="font-mono font-semibold text-ink">{status}</dt>
                <dd className="font-mono text-xs leading-relaxed text-slate-600">{codes.join(', ')}</dd>
              </div>
            ))}
          </dl>
        </Section>
      ) : null}
    </>
  );
}
