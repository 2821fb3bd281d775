/** The rules of the bank account on the admin table (written and learned, with their uses), each can be turned off or deleted. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ListChecks, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { AdminTable, col, MoneyCell, type FilterDef } from '@site/components/admin/table';
import { Button, Section } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { RULE_ORIGINS, ruleDirectionLabels, type RuleJson } from '../../contract';
import { RuleDialog } from './rule-form';
import { accountUrl, refreshBanking } from './shared';

const origins: FilterDef[] = [{ type: 'select', key: 'origin', label: 'Origin', all: 'Written and learned', options: RULE_ORIGINS.map((o) => ({ value: o, label: o === 'manual' ? 'Written' : 'Learned' })) }];

const condition = (r: RuleJson) =>
  [
    ruleDirectionLabels[r.direction],
    r.descriptionContains && `description contains “${r.descriptionContains}”`,
    r.counterpartyEquals && `counterparty is ${r.counterpartyEquals}`,
  ]
    .filter(Boolean)
    .join(', ');

export function RulesList({ accountId }: { accountId: string }) {
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const change = useMutation({
    mutationFn: ({ rule, op }: { rule: RuleJson; op: 'toggle' | 'delete' }) =>
      op === 'delete' ? api.delete(accountUrl(accountId, `/rules/${rule.id}`)) : api.patch(accountUrl(accountId, `/rules/${rule.id}`), { active: !rule.active }),
    onSuccess: () => refreshBanking(client),
  });
  const columns = useMemo(
    () => [
      col.custom<RuleJson>('name', 'Rule', (r) => (
        <>
          <span className="block font-medium text-ink">{r.name}</span>
          <span className="block text-xs text-slate-500">{condition(r)}</span>
        </>
      ), { sort: 'name', className: 'min-w-64' }),
      col.custom<RuleJson>('amount', 'Amount between', (r) => (r.amountMin || r.amountMax ? <><MoneyCell value={r.amountMin ?? '0'} /> – {r.amountMax ? <MoneyCell value={r.amountMax} /> : 'any'}</> : 'Any amount')),
      col.text<RuleJson>('action', 'Then', (r) => (r.action === 'post' ? `Post to ${r.accountCode}${r.memo ? `: ${r.memo}` : ''}` : `Prefer a ${r.documentKind}`)),
      col.status<RuleJson>('origin', 'Origin', (r) => r.origin, { labels: { manual: 'Written', learned: 'Learned' }, tones: { manual: 'neutral', learned: 'brand' } }),
      col.text<RuleJson>('hitCount', 'Uses', (r) => r.hitCount, { sort: 'hitCount', align: 'right' }),
      col.custom<RuleJson>('actions', 'Actions', (r) => (
        <div className="flex justify-end gap-2">
          <Button onClick={() => change.mutate({ rule: r, op: 'toggle' })} disabled={change.isPending}>
            {r.active ? 'Turn off' : 'Turn on'}
            <span className="sr-only"> {r.name}</span>
          </Button>
          <Button onClick={() => change.mutate({ rule: r, op: 'delete' })} disabled={change.isPending}>
            Delete<span className="sr-only"> {r.name}</span>
          </Button>
        </div>
      ), { headerClassName: 'sr-only', align: 'right' }),
    ],
    [change],
  );
  return (
    <Section
      title="Rules"
      description="Written rules, and rules learned when the same counterparty or description was posted or settled the same way twice. Learned rules raise their suggestion; turn one off if it misleads."
      actions={
        <Button icon={Plus} onClick={() => setAdding(true)}>
          Add rule
        </Button>
      }
    >
      {change.error ? (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {errorText(change.error, 'The rule was not changed.')}
        </p>
      ) : null}
      <AdminTable<RuleJson>
        endpoint={accountUrl(accountId, '/rules')}
        caption="Reconciliation rules"
        columns={columns}
        rowKey={(r) => r.id}
        noun={['rule', 'rules']}
        search={{ placeholder: 'Search rules, accounts and memos' }}
        filters={origins}
        defaultSort="-hitCount"
        urlPrefix="rules."
        empty={{ icon: ListChecks, title: 'No rules yet', body: 'Add one, or confirm a few matches: repeated ones become learned rules.' }}
      />
      <RuleDialog accountId={accountId} open={adding} onClose={() => setAdding(false)} />
    </Section>
  );
}
