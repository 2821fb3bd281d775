/** Adding a reconciliation rule: its conditions on a statement line, and what it does (post to an account, or prefer a kind of document). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog, ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { parseFils } from '@modules/platform/money';
import type { AccountJson } from '@modules/ledger/contract';
import { RULE_DIRECTIONS, ruleDirectionLabels, ruleInput, type RuleJson } from '../../contract';
import { accountUrl, LEDGER_OPTIONS_URL, refreshBanking } from './shared';

const blank = { name: '', descriptionContains: '', counterpartyEquals: '', amountMin: '', amountMax: '', direction: 'out', action: 'post', accountCode: '6700', memo: '', documentKind: 'bill' };

export function RuleDialog({ accountId, open, onClose }: { accountId: string; open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const [f, setF] = useState(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const accounts = useQuery<{ items: AccountJson[] }>({ queryKey: [LEDGER_OPTIONS_URL], enabled: open });
  const set = (k: keyof typeof blank) => (v: string) => setF((x) => ({ ...x, [k]: v }));
  const save = useMutation({
    mutationFn: (body: unknown) => api.post<RuleJson>(accountUrl(accountId, '/rules'), body),
    onSuccess: async () => {
      await refreshBanking(client);
      setF(blank);
      onClose();
    },
  });
  const submit = () => {
    const fils = (s: string, key: string) => {
      if (!s.trim()) return null;
      const v = parseFils(s);
      if (v === null) setErrors((e) => ({ ...e, [key]: 'Write an amount in AED, like 250 or 1,000.00.' }));
      return v === null ? undefined : v.toString();
    };
    setErrors({});
    const body = {
      name: f.name,
      descriptionContains: f.descriptionContains,
      counterpartyEquals: f.counterpartyEquals,
      amountMin: fils(f.amountMin, 'amountMin'),
      amountMax: fils(f.amountMax, 'amountMax'),
      direction: f.direction,
      action: f.action,
      accountCode: f.action === 'post' ? f.accountCode : null,
      memo: f.memo,
      documentKind: f.action === 'document' ? f.documentKind : null,
    };
    if (body.amountMin === undefined || body.amountMax === undefined) return;
    const parsed = ruleInput.safeParse(body);
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    save.mutate(body);
  };
  const postable = (accounts.data?.items ?? []).filter((a) => !a.isGroup && !a.archived);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      wide
      title="Add a reconciliation rule"
      description="A statement line that meets every condition you fill in gets this rule's suggestion."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Add rule'}
          </Button>
        </>
      }
    >
      <form
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field label="Name" value={f.name} onChange={set('name')} required error={errors.name} maxLength={120} placeholder="ENBD charges" className="sm:col-span-2" />
        <Field label="Description contains" value={f.descriptionContains} onChange={set('descriptionContains')} error={errors.descriptionContains} maxLength={120} placeholder="ENBD CHARGES" />
        <Field label="Counterparty is" value={f.counterpartyEquals} onChange={set('counterpartyEquals')} maxLength={120} />
        <Field label="Smallest amount (AED)" value={f.amountMin} onChange={set('amountMin')} error={errors.amountMin} inputMode="decimal" />
        <Field label="Largest amount (AED)" value={f.amountMax} onChange={set('amountMax')} error={errors.amountMax} inputMode="decimal" />
        <Select label="Direction" value={f.direction} onChange={set('direction')} options={RULE_DIRECTIONS.map((d) => ({ value: d, label: ruleDirectionLabels[d] }))} />
        <Select
          label="Then"
          value={f.action}
          onChange={set('action')}
          error={errors.action}
          options={[
            { value: 'post', label: 'Post it to an account' },
            { value: 'document', label: 'Prefer a kind of open document' },
          ]}
        />
        {f.action === 'post' ? (
          <>
            <Select label="Account" value={f.accountCode} onChange={set('accountCode')} options={postable.map((a) => ({ value: a.code, label: `${a.code} ${a.name}` }))} />
            <Field label="Memo" value={f.memo} onChange={set('memo')} maxLength={300} placeholder="Bank charges, Emirates NBD" />
          </>
        ) : (
          <Select
            label="Document kind"
            value={f.documentKind}
            onChange={set('documentKind')}
            options={[
              { value: 'invoice', label: 'Customer invoice' },
              { value: 'bill', label: 'Supplier bill' },
            ]}
          />
        )}
        {save.error ? (
          <div className="sm:col-span-2">
            <ErrorNote title="The rule was not added">{errorText(save.error, 'Please try again.')}</ErrorNote>
          </div>
        ) : null}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Dialog>
  );
}
