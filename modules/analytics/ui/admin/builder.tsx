/**
 * The builder for one dashboard: name and description, widgets on the grid (drag, resize, or the keyboard
 * menu), the widget editor, Save, sharing with all admins, and an unsaved-changes mark (the browser also asks
 * before leaving with changes). What is saved is exactly what reloads.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, LayoutTemplate, Plus, Save, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Busy, Dialog, ErrorNote, Field } from '@site/components/admin/ledger/parts';
import { Badge, Button, EmptyState } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import type { DashboardJson, Widget, WidgetLayout } from '../../dashboard-contract';
import { DashboardView, useMetricMap } from './DashboardView';
import { DashboardGrid } from './grid';
import { WidgetEditor } from './widget-editor';
import { DASHBOARDS, blankWidget, refreshDashboards } from './shared';

type Draft = { name: string; description: string; sharedWithAll: boolean; widgets: Widget[] };
const draftOf = (d: DashboardJson): Draft => ({ name: d.name, description: d.description, sharedWithAll: d.shared, widgets: d.widgets });
const same = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);
const withoutLayout = (d: Draft) => ({ ...d, widgets: d.widgets.map((w) => ({ ...w, layout: null })) });
/** Only widgets moved or resized: saved through PUT …/layout. */
const onlyLayoutChanged = (a: Draft, b: Draft) => JSON.stringify(withoutLayout(a)) === JSON.stringify(withoutLayout(b));

function Editor({ saved, onClose }: { saved: DashboardJson; onClose: () => void }) {
  const client = useQueryClient();
  const { metrics, map } = useMetricMap();
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [base, setBase] = useState<Draft>(() => draftOf(saved));
  const [editing, setEditing] = useState<Widget | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const dirty = !same(draft, base);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const url = `${DASHBOARDS}/${saved.id}`;
  const save = useMutation({
    mutationFn: () =>
      onlyLayoutChanged(draft, base)
        ? api.put<DashboardJson>(`${url}/layout`, { layout: draft.widgets.map((w) => ({ id: w.id, ...w.layout })) })
        : api.patch<DashboardJson>(url, { name: draft.name.trim(), description: draft.description.trim(), sharedWithAll: draft.sharedWithAll, widgets: draft.widgets }),
    onSuccess: (d) => {
      client.setQueryData([url], d);
      void refreshDashboards(client);
      setDraft(draftOf(d));
      setBase(draftOf(d));
      setNotice('Saved.');
    },
  });
  const remove = useMutation({
    mutationFn: () => api.delete(url),
    onSuccess: () => {
      void refreshDashboards(client);
      onClose();
    },
  });

  const setLayouts = (layouts: Map<string, WidgetLayout>) => {
    if (!layouts.size) return;
    setNotice(null);
    setDraft((d) => ({ ...d, widgets: d.widgets.map((w) => (layouts.has(w.id) ? { ...w, layout: layouts.get(w.id)! } : w)) }));
  };
  const putWidget = (w: Widget) => {
    setNotice(null);
    setDraft((d) => ({ ...d, widgets: d.widgets.some((x) => x.id === w.id) ? d.widgets.map((x) => (x.id === w.id ? w : x)) : [...d.widgets, w] }));
    setEditing(null);
  };
  const groups = metrics.data?.groups ?? [];
  const nameError = draft.name.trim() ? null : 'Give the dashboard a name.';

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button icon={ArrowLeft} onClick={onClose}>
          All dashboards
        </Button>
        <span className="flex-1" />
        <span role="status" aria-live="polite" className="text-sm">
          {dirty ? <Badge tone="warning">Unsaved changes</Badge> : notice ? <span className="text-emerald-700">{notice}</span> : null}
        </span>
        <Button icon={Plus} onClick={() => setEditing(blankWidget(draft.widgets))} disabled={draft.widgets.length >= 24 || metrics.isPending}>
          Add widget
        </Button>
        <Button variant="primary" icon={Save} onClick={() => save.mutate()} disabled={!dirty || !!nameError || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button icon={Trash2} onClick={() => setConfirmDelete(true)}>
          Delete
        </Button>
      </div>
      {save.isError ? <ErrorNote title="Not saved">{errorText(save.error, 'The dashboard was not saved.')}</ErrorNote> : null}
      {metrics.isError ? <ErrorNote title="Catalogue not loaded">{errorText(metrics.error, 'The metric catalogue could not be loaded.')}</ErrorNote> : null}
      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] md:items-end">
        <Field label="Dashboard name" value={draft.name} onChange={(name) => setDraft((d) => ({ ...d, name }))} maxLength={80} required error={nameError} />
        <Field label="Description" value={draft.description} onChange={(description) => setDraft((d) => ({ ...d, description }))} maxLength={500} />
        <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
          <input type="checkbox" checked={draft.sharedWithAll} onChange={(e) => setDraft((d) => ({ ...d, sharedWithAll: e.target.checked }))} className="h-4 w-4 rounded border-slate-300" />
          Share with all admins
        </label>
      </div>
      {metrics.isPending ? (
        <Busy>Loading the metric catalogue…</Busy>
      ) : draft.widgets.length ? (
        <DashboardGrid
          widgets={draft.widgets}
          metrics={map}
          editing
          onLayout={setLayouts}
          onEdit={(id) => setEditing(draft.widgets.find((w) => w.id === id) ?? null)}
          onRemove={(id) => setDraft((d) => ({ ...d, widgets: d.widgets.filter((w) => w.id !== id) }))}
        />
      ) : (
        <EmptyState icon={LayoutTemplate} title="No widgets yet" action={<Button variant="primary" icon={Plus} onClick={() => setEditing(blankWidget(draft.widgets))}>Add widget</Button>}>
          Add a figure or chart from the metric catalogue: any ledger account, an account type, or an operational count.
        </EmptyState>
      )}
      {editing ? <WidgetEditor key={editing.id} open initial={editing} groups={groups} onClose={() => setEditing(null)} onSave={putWidget} /> : null}
      <Dialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title="Delete this dashboard?"
        description={`“${saved.name}” and its widgets are removed for everyone it is shared with. The figures themselves stay in the books.`}
        footer={
          <>
            <Button onClick={() => setConfirmDelete(false)}>Keep it</Button>
            <Button variant="primary" icon={Trash2} onClick={() => remove.mutate()} disabled={remove.isPending}>
              Delete dashboard
            </Button>
          </>
        }
      >
        {remove.isError ? <ErrorNote title="Not deleted">{errorText(remove.error, 'The dashboard was not deleted.')}</ErrorNote> : null}
      </Dialog>
    </div>
  );
}

/** Opens a dashboard: the builder for its owner, the read-only view for an admin it is shared with. */
export function DashboardBuilder({ id, onClose }: { id: string; onClose: () => void }) {
  const dashboard = useQuery<DashboardJson>({ queryKey: [`${DASHBOARDS}/${id}`] });
  if (dashboard.isPending) return <Busy>Loading the dashboard…</Busy>;
  if (dashboard.isError) return <ErrorNote title="Dashboard not loaded">{errorText(dashboard.error, 'The dashboard could not be loaded.')}</ErrorNote>;
  if (!dashboard.data.canEdit)
    return (
      <div className="grid gap-3">
        <div>
          <Button icon={ArrowLeft} onClick={onClose}>
            All dashboards
          </Button>
        </div>
        <p className="text-sm text-slate-600">{dashboard.data.ownerName} shared this dashboard with all admins; only they can change it.</p>
        <DashboardView id={id} />
      </div>
    );
  return <Editor key={dashboard.data.id} saved={dashboard.data} onClose={onClose} />;
}
