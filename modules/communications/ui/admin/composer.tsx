/**
 * The announcement composer: start from a template or type, insert {{variables}}, pick the segment (a property for
 * its holders, a currency), see how many people it reaches now (live), choose in-app and/or email, and send now or
 * schedule a time.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Send } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { CURRENCY_CODES } from '@modules/platform/contract';
import { Dialog, ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import {
  SEGMENT_KINDS,
  segmentLabels,
  TEMPLATE_VARIABLES,
  variableLabels,
  type AnnouncementJson,
  type RecipientCountJson,
  type SegmentKind,
  type TemplateJson,
} from '../../contract';
import { ANNOUNCEMENTS, enc, RECIPIENTS, refreshComms, TEMPLATES, textareaClass } from './shared';

type Draft = { templateId: string; subject: string; body: string; kind: SegmentKind; propertyId: string; currency: string; inApp: boolean; email: boolean; when: 'now' | 'later'; sendAt: string };
const blank: Draft = { templateId: '', subject: '', body: '', kind: 'all_investors', propertyId: '', currency: 'AED', inApp: true, email: true, when: 'now', sendAt: '' };

export function segmentParams(d: Pick<Draft, 'kind' | 'propertyId' | 'currency'>): string | null {
  if (d.kind === 'property_holders') return d.propertyId ? `kind=${d.kind}&propertyId=${enc(d.propertyId)}` : null;
  if (d.kind === 'currency') return `kind=${d.kind}&currency=${enc(d.currency)}`;
  return `kind=${d.kind}`;
}

export function Composer({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved?: (a: AnnouncementJson) => void }) {
  const client = useQueryClient();
  const bodyId = useId();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const [d, setD] = useState<Draft>(blank);
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));
  const templates = useQuery<{ items: TemplateJson[] }>({ queryKey: [`${TEMPLATES}?limit=200`], enabled: open });
  const properties = useQuery<{ items: { id: string; title: string }[] }>({ queryKey: ['/api/admin/properties?limit=200'], enabled: open && d.kind === 'property_holders', staleTime: 60_000 });
  const params = segmentParams(d);
  const count = useQuery<RecipientCountJson>({ queryKey: [`${RECIPIENTS}?${params}`], enabled: open && Boolean(params) });
  const usesProperty = /\{\{\s*propertyTitle\s*\}\}/.test(`${d.subject} ${d.body}`);
  const problem =
    !d.subject.trim() ? 'Write a subject.' :
    !d.body.trim() ? 'Write the message.' :
    !d.inApp && !d.email ? 'Send it in the app, by email, or both.' :
    d.kind === 'property_holders' && !d.propertyId ? 'Choose the property whose holders receive it.' :
    usesProperty && d.kind !== 'property_holders' ? '{{propertyTitle}} only works when sending to the holders of a property.' :
    d.when === 'later' && !(d.sendAt && new Date(d.sendAt).getTime() > Date.now()) ? 'Choose a time in the future to schedule it.' :
    null;
  // Why it cannot be sent yet: said on the button (focusable, with the reason as its description) and below.
  const blocked = problem ?? (d.when === 'now' && count.data?.count === 0 ? 'Nobody is in this segment right now, so there is no one to send it to.' : null);
  const create = useMutation({
    mutationFn: () =>
      api.post<AnnouncementJson>(ANNOUNCEMENTS, {
        subject: d.subject,
        body: d.body,
        templateId: d.templateId || null,
        segment: { kind: d.kind, ...(d.kind === 'property_holders' ? { propertyId: d.propertyId } : {}), ...(d.kind === 'currency' ? { currency: d.currency } : {}) },
        inApp: d.inApp,
        email: d.email,
        sendAt: d.when === 'later' ? new Date(d.sendAt).toISOString() : null,
      }),
    onSuccess: async (saved) => {
      await refreshComms(client);
      setD(blank);
      onClose();
      onSaved?.(saved);
    },
  });
  const insert = (v: string) => {
    const el = bodyRef.current;
    const token = `{{${v}}}`;
    if (!el) return set({ body: d.body + token });
    const at = el.selectionStart ?? d.body.length;
    set({ body: d.body.slice(0, at) + token + d.body.slice(el.selectionEnd ?? at) });
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(at + token.length, at + token.length);
    });
  };
  const pickTemplate = (id: string) => {
    const t = templates.data?.items.find((x) => x.id === id);
    set(t ? { templateId: id, subject: t.subject, body: t.body } : { templateId: '' });
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="New announcement"
      description="In the app and by email to a segment of investors. Emails go only to people whose announcement emails are on, each with an unsubscribe link."
      wide
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" icon={Send} unavailable={blocked ?? undefined} disabled={create.isPending} onClick={() => create.mutate()}>
            {create.isPending ? 'Saving…' : d.when === 'later' ? 'Schedule' : `Send now${count.data ? ` to ${count.data.count.toLocaleString('en-US')}` : ''}`}
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        <Select
          label="Template"
          value={d.templateId}
          onChange={pickTemplate}
          options={[{ value: '', label: templates.isPending ? 'Loading templates…' : 'No template: write it here' }, ...(templates.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }))]}
        />
        <Field label="Subject" value={d.subject} onChange={(v) => set({ subject: v })} maxLength={200} required />
        <div className="grid gap-1.5">
          <label htmlFor={bodyId} className="text-sm font-medium text-slate-700">
            Message
          </label>
          <textarea id={bodyId} ref={bodyRef} rows={6} maxLength={10_000} value={d.body} onChange={(e) => set({ body: e.target.value })} className={textareaClass} />
          <div role="group" aria-label="Insert a variable" className="flex flex-wrap gap-1.5">
            {TEMPLATE_VARIABLES.map((v) => (
              <button key={v} type="button" onClick={() => insert(v)} title={variableLabels[v]} className="rounded-md border border-slate-300 bg-white px-2 py-1 font-mono text-xs text-slate-700 hover:bg-slate-50">
                {`{{${v}}}`}
                <span className="sr-only"> — insert {variableLabels[v]}</span>
              </button>
            ))}
          </div>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <Select label="Send to" value={d.kind} onChange={(v) => set({ kind: v as SegmentKind })} options={SEGMENT_KINDS.map((k) => ({ value: k, label: segmentLabels[k] }))} />
          {d.kind === 'property_holders' ? (
            <Select
              label="Property"
              value={d.propertyId}
              onChange={(v) => set({ propertyId: v })}
              options={[{ value: '', label: properties.isPending ? 'Loading properties…' : 'Choose a property' }, ...(properties.data?.items ?? []).map((p) => ({ value: p.id, label: p.title }))]}
            />
          ) : d.kind === 'currency' ? (
            <Select label="Display currency" value={d.currency} onChange={(v) => set({ currency: v })} options={CURRENCY_CODES.map((c) => ({ value: c, label: c }))} />
          ) : null}
        </div>
        <p role="status" aria-live="polite" className="text-sm text-slate-700">
          {!params ? (
            'Choose a property to see how many holders it has.'
          ) : count.isPending ? (
            // Already inside this live region: a spinner and the words, not a second status.
            <span className="inline-flex items-center gap-2 text-slate-600">
              <LoaderCircle className="h-4 w-4 animate-spin text-brand-700" aria-hidden="true" />
              Counting recipients…
            </span>
          ) : count.isError ? (
            errorText(count.error, 'The recipients could not be counted.')
          ) : (
            <>
              <strong className="tabular-nums">{count.data.count.toLocaleString('en-US')}</strong> {count.data.count === 1 ? 'person' : 'people'} in “{count.data.segmentLabel}” right now.
            </>
          )}
        </p>
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-slate-700">Channels</legend>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={d.inApp} onChange={(e) => set({ inApp: e.target.checked })} /> In the app (notifications)
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={d.email} onChange={(e) => set({ email: e.target.checked })} /> By email
          </label>
        </fieldset>
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-slate-700">When</legend>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="radio" name="when" checked={d.when === 'now'} onChange={() => set({ when: 'now' })} /> Send now
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="radio" name="when" checked={d.when === 'later'} onChange={() => set({ when: 'later' })} /> Schedule
          </label>
          {d.when === 'later' ? (
            <label className="grid gap-1 text-sm text-slate-700 sm:w-72">
              Send at (your local time)
              <input type="datetime-local" value={d.sendAt} onChange={(e) => set({ sendAt: e.target.value })} className={textareaClass} />
            </label>
          ) : null}
        </fieldset>
        {blocked ? <p className="text-sm text-slate-600">{blocked}</p> : null}
        {create.isError ? <ErrorNote title="Not sent">{errorText(create.error, 'The announcement could not be saved.')}</ErrorNote> : null}
      </div>
    </Dialog>
  );
}
