/**
 * Dashboards the team built in the builder, from GET /api/admin/analytics/dashboards (the list contract, items of
 * modules/analytics DashboardRowJson): the admin's own and those shared with all admins.
 */
import { useQuery } from '@tanstack/react-query';
import { Gauge, LayoutTemplate } from 'lucide-react';
import { Link } from 'wouter';
import { ApiError, apiRequest } from '@site/lib/api';
import type { DashboardRowJson } from '@modules/analytics/dashboard-contract';
import { formatDateTime } from '@modules/platform/dates';
import { SkeletonRows, ErrorState } from '@site/components/admin/table/states';
import { ButtonLink, Card, DataTable, EmptyState, Section } from '@site/components/admin/ui';

export const TEAM_DASHBOARDS_URL = '/api/admin/analytics/dashboards';

type ListResponse = { items: DashboardRowJson[]; total?: number };

const COLUMNS = [
  { key: 'name', label: 'Dashboard' },
  { key: 'owner', label: 'Owner' },
  { key: 'widgets', label: 'Widgets', align: 'right' as const },
  { key: 'shared', label: 'Shared with' },
  { key: 'updated', label: 'Last changed' },
];

const isList = (d: unknown): d is ListResponse => typeof d === 'object' && d !== null && Array.isArray((d as ListResponse).items);

export function TeamDashboards() {
  const list = useQuery<ListResponse | null>({
    queryKey: [TEAM_DASHBOARDS_URL, 'team'],
    queryFn: async ({ signal }) => {
      try {
        const body = await apiRequest<unknown>('GET', TEAM_DASHBOARDS_URL, undefined, { signal });
        return isList(body) ? body : { items: [] };
      } catch (error) {
        // The builder's API is not there yet (or was switched off): nothing to list.
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    retry: false,
  });
  const items = list.data?.items ?? [];
  const empty = (
    <EmptyState
      icon={Gauge}
      title="No dashboards built by the team yet"
      action={
        <ButtonLink href="/admin/dashboard/builder" variant="primary" icon={LayoutTemplate}>
          Build a dashboard
        </ButtonLink>
      }
    >
      Compose one in the dashboard builder from any ledger account or operational count; saved and shared dashboards are listed here.
    </EmptyState>
  );
  return (
    <Section title="Dashboards built by the team" description="Made in the dashboard builder and saved by admins; open one to view or change it.">
      <Card className="overflow-hidden">
        {list.isError ? (
          <ErrorState error={list.error} what="the team's dashboards" onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : (
          <DataTable caption="Dashboards built by the team" columns={COLUMNS} empty={list.isPending ? null : empty} minWidth={640}>
            {list.isPending
              ? [<SkeletonRows key="loading" columns={COLUMNS.length} rows={3} />]
              : items.map((d) => (
                  <tr key={d.id}>
                    <td className="px-4 py-3">
                      <Link href={`/admin/dashboard/builder?dashboard=${encodeURIComponent(d.id)}`} className="font-medium text-brand-800 underline underline-offset-4">
                        {d.name}
                      </Link>
                    </td>
                    <td className="px-4 py-3">{d.ownerName}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{d.widgetCount}</td>
                    <td className="px-4 py-3">{d.shared ? 'All admins' : 'Only the owner'}</td>
                    <td className="px-4 py-3">{formatDateTime(d.updatedAt)}</td>
                  </tr>
                ))}
          </DataTable>
        )}
      </Card>
    </Section>
  );
}
