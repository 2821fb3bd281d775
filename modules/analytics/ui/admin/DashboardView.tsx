/**
 * A saved dashboard, read-only: its widgets where they were placed, each loading its own figures. The ERP
 * dashboards screen lists saved dashboards and opens them with this component.
 */
import { useQuery } from '@tanstack/react-query';
import { LayoutTemplate } from 'lucide-react';
import { useMemo } from 'react';
import { Busy, ErrorNote } from '@site/components/admin/ledger/parts';
import { EmptyState } from '@site/components/admin/ui';
import { errorText } from '@site/lib/api';
import type { MetricDef } from '../../contract';
import type { DashboardJson, MetricsGroupJson } from '../../dashboard-contract';
import { DashboardGrid } from './grid';
import { DASHBOARDS, METRICS } from './shared';

export function useMetricMap() {
  const metrics = useQuery<{ groups: MetricsGroupJson[] }>({ queryKey: [METRICS], staleTime: 60_000 });
  const map = useMemo(() => new Map<string, MetricDef>((metrics.data?.groups ?? []).flatMap((g) => g.metrics.map((m) => [m.key, m] as const))), [metrics.data]);
  return { metrics, map };
}

export function DashboardView({ id, showHeading = true }: { id: string; showHeading?: boolean }) {
  const dashboard = useQuery<DashboardJson>({ queryKey: [`${DASHBOARDS}/${id}`] });
  const { metrics, map } = useMetricMap();
  if (dashboard.isPending || metrics.isPending) return <Busy>Loading the dashboard…</Busy>;
  if (dashboard.isError) return <ErrorNote title="Dashboard not loaded">{errorText(dashboard.error, 'The dashboard could not be loaded.')}</ErrorNote>;
  if (metrics.isError) return <ErrorNote title="Catalogue not loaded">{errorText(metrics.error, 'The metric catalogue could not be loaded.')}</ErrorNote>;
  const d = dashboard.data;
  return (
    <div className="grid gap-3">
      {showHeading ? (
        <div>
          <h3 className="text-base font-semibold text-ink">{d.name}</h3>
          <p className="text-sm text-slate-500">
            {d.description ? `${d.description} · ` : ''}By {d.ownerName}
            {d.shared ? ', shared with all admins' : ''}
          </p>
        </div>
      ) : null}
      {d.widgets.length ? (
        <DashboardGrid widgets={d.widgets} metrics={map} />
      ) : (
        <EmptyState icon={LayoutTemplate} title="No widgets yet">
          {d.canEdit ? 'Open the builder to add figures and charts from the metric catalogue.' : 'Its owner has not added any figures yet.'}
        </EmptyState>
      )}
    </div>
  );
}

export default DashboardView;
