/**
 * /admin/dashboard/builder (the financial screen's "Dashboard builder" tab): the dashboards an admin owns or
 * that are shared with all admins, a new one, and the builder for the one opened (?dashboard=<id>).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Eye, LayoutTemplate, Plus } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { AdminTable, col, type FilterDef } from '@site/components/admin/table';
import { Dialog, ErrorNote, Field } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import type { DashboardJson, DashboardRowJson } from '../../dashboard-contract';
import { DashboardBuilder } from './builder';
import { DASHBOARDS, refreshDashboards } from './shared';

function NewDashboard({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (id: string) => void }) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => api.post<DashboardJson>(DASHBOARDS, { name: name.trim(), description: description.trim(), widgets: [] }),
    onSuccess: (d) => {
      void refreshDashboards(client);
      setName('');
      setDescription('');
      onCreated(d.id);
    },
    onError: (e) => setError(errorText(e, 'The dashboard was not created.')),
  });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="New dashboard"
      description="Name it now; add figures and charts from the metric catalogue next. It stays private until you share it."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            icon={Plus}
            disabled={create.isPending}
            onClick={() => {
              if (!name.trim()) return setError('Give the dashboard a name.');
              setError(null);
              create.mutate();
            }}
          >
            {create.isPending ? 'Creating…' : 'Create dashboard'}
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        <Field label="Name" value={name} onChange={setName} maxLength={80} required autoFocus error={error && !name.trim() ? error : null} />
        <Field label="Description" value={description} onChange={setDescription} maxLength={500} placeholder="What it is for, who reads it" />
        {error && name.trim() ? <ErrorNote title="Not created">{error}</ErrorNote> : null}
      </div>
    </Dialog>
  );
}

export default function DashboardBuilderTab() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [creating, setCreating] = useState(false);
  const opened = new URLSearchParams(search).get('dashboard');
  const open = useCallback(
    (id: string | null) => {
      const params = new URLSearchParams(search);
      if (id) params.set('dashboard', id);
      else params.delete('dashboard');
      const qs = params.toString();
      navigate(qs ? `${location}?${qs}` : location);
    },
    [search, location, navigate],
  );
  const filters = useMemo<FilterDef[]>(() => [{ type: 'select', key: 'shared', label: 'Sharing', all: 'Any', options: [{ value: 'true', label: 'Shared with all admins' }, { value: 'false', label: 'Private' }] }], []);
  const columns = useMemo(
    () => [
      col.text<DashboardRowJson>('name', 'Dashboard', (r) => r.name, { sort: 'name' }),
      col.text<DashboardRowJson>('owner', 'Owner', (r) => (r.mine ? `${r.ownerName} (you)` : r.ownerName)),
      col.text<DashboardRowJson>('widgets', 'Widgets', (r) => r.widgetCount, { align: 'right', sort: 'widgetCount' }),
      col.text<DashboardRowJson>('shared', 'Shared with', (r) => (r.shared ? 'All admins' : 'Only the owner')),
      col.dateTime<DashboardRowJson>('updated', 'Last changed', (r) => r.updatedAt, { sort: 'updatedAt' }),
      col.custom<DashboardRowJson>('open', 'Open', (r) => (
        <Button icon={Eye} onClick={() => open(r.id)}>
          Open<span className="sr-only"> {r.name}</span>
        </Button>
      )),
    ],
    [open],
  );
  if (opened) return <DashboardBuilder id={opened} onClose={() => open(null)} />;
  return (
    <div className="grid gap-4">
      <div>
        <Button variant="primary" icon={Plus} onClick={() => setCreating(true)}>
          New dashboard
        </Button>
      </div>
      <NewDashboard
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          open(id);
        }}
      />
      <AdminTable<DashboardRowJson>
        endpoint={DASHBOARDS}
        caption="Dashboards"
        columns={columns}
        rowKey={(r) => r.id}
        noun={['dashboard', 'dashboards']}
        search={{ placeholder: 'Dashboard name or description' }}
        filters={filters}
        defaultSort="-updatedAt"
        urlPrefix="dashboards."
        minWidth={760}
        empty={{ icon: LayoutTemplate, title: 'No dashboards built', body: 'Create one, then add figures from the ledger and the operational records: cash, fee income, AUM, cost center spend.' }}
      />
    </div>
  );
}
