/** Announcement templates: a list with the variables each uses, and a dialog to add, change or delete one. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileText, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Dialog, ErrorNote, Field } from '@site/components/admin/ledger/parts';
import { AdminTable, col } from '@site/components/admin/table';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { TEMPLATE_VARIABLES, variablesIn, type TemplateJson } from '../../contract';
import { enc, refreshComms, TEMPLATES, textareaClass } from './shared';

const unknownIn = (s: string) => variablesIn(s).filter((v) => !(TEMPLATE_VARIABLES as readonly string[]).includes(v));

function TemplateForm({ template, open, onClose }: { template: TemplateJson | null; open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const bodyId = useId();
  const [d, setD] = useState({ name: '', subject: '', body: '' });
  useEffect(() => setD(template ? { name: template.name, subject: template.subject, body: template.body } : { name: '', subject: '', body: '' }), [template, open]);
  const save = useMutation({
    mutationFn: () => (template ? api.patch(`${TEMPLATES}/${enc(template.id)}`, d) : api.post(TEMPLATES, d)),
    onSuccess: async () => {
      await refreshComms(client);
      onClose();
    },
  });
  const remove = useMutation({
    mutationFn: () => api.delete(`${TEMPLATES}/${enc(template!.id)}`),
    onSuccess: async () => {
      await refreshComms(client);
      onClose();
    },
  });
  const unknown = [...unknownIn(d.subject), ...unknownIn(d.body)];
  const problem = !d.name.trim() ? 'Name the template.' : !d.subject.trim() ? 'Write a subject.' : !d.body.trim() ? 'Write the message.' : unknown.length ? `Unknown variable: {{${unknown[0]}}}.` : null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={template ? `Edit “${template.name}”` : 'New template'}
      description={`Variables: ${TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(', ')}.`}
      wide
      footer={
        <>
          {template ? (
            <Button icon={Trash2} onClick={() => remove.mutate()} disabled={remove.isPending}>
              Delete
            </Button>
          ) : null}
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" disabled={Boolean(problem) || save.isPending} onClick={() => save.mutate()}>
            {save.isPending ? 'Saving…' : 'Save template'}
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        <Field label="Name" value={d.name} onChange={(v) => setD({ ...d, name: v })} maxLength={120} required />
        <Field label="Subject" value={d.subject} onChange={(v) => setD({ ...d, subject: v })} maxLength={200} required />
        <div className="grid gap-1.5">
          <label htmlFor={bodyId} className="text-sm font-medium text-slate-700">
            Message
          </label>
          <textarea id={bodyId} rows={7} maxLength={10_000} value={d.body} onChange={(e) => setD({ ...d, body: e.target.value })} className={textareaClass} />
        </div>
        {problem ? <p className="text-sm text-slate-600">{problem}</p> : null}
        {save.isError ? <ErrorNote title="Not saved">{errorText(save.error, 'The template could not be saved.')}</ErrorNote> : null}
        {remove.isError ? <ErrorNote title="Not deleted">{errorText(remove.error, 'The template could not be deleted.')}</ErrorNote> : null}
      </div>
    </Dialog>
  );
}

export function Templates() {
  const [editing, setEditing] = useState<TemplateJson | null>(null);
  const [adding, setAdding] = useState(false);
  const columns = useMemo(
    () => [
      col.custom<TemplateJson>('name', 'Template', (t) => (
        <button type="button" onClick={() => setEditing(t)} className="text-left font-medium text-brand-900 hover:underline">
          {t.name}
          <span className="sr-only">: edit</span>
        </button>
      ), { sort: 'name' }),
      col.text<TemplateJson>('subject', 'Subject', (t) => t.subject, { className: 'max-w-sm text-slate-700' }),
      col.text<TemplateJson>('variables', 'Variables', (t) => (t.variables.length ? t.variables.map((v) => `{{${v}}}`).join(' ') : 'None'), { mono: true }),
      col.dateTime<TemplateJson>('updatedAt', 'Changed (UAE time)', (t) => t.updatedAt, { sort: 'updatedAt' }),
    ],
    [],
  );
  return (
    <>
      <p className="max-w-3xl text-sm leading-relaxed text-slate-600">Texts to start an announcement from. Variables are filled in for each person when it is sent.</p>
      <AdminTable<TemplateJson>
        endpoint={TEMPLATES}
        caption="Announcement templates"
        columns={columns}
        rowKey={(t) => t.id}
        noun={['template', 'templates']}
        search={{ placeholder: 'Name, subject or text' }}
        defaultSort="name"
        urlPrefix="tpl."
        exportable={false}
        minWidth={760}
        actions={
          <Button variant="primary" icon={Plus} onClick={() => setAdding(true)}>
            New template
          </Button>
        }
        empty={{ icon: FileText, title: 'No templates yet', body: 'Save the announcements you send often, with variables such as {{firstName}}.' }}
      />
      <TemplateForm template={editing} open={adding || Boolean(editing)} onClose={() => (setAdding(false), setEditing(null))} />
    </>
  );
}
