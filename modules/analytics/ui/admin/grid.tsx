/**
 * The dashboard grid (react-grid-layout v2, width from useContainerWidth): widgets dragged by their grip
 * and resized from the corner in the builder, fixed in the read-only view. Layout changes come back as
 * { id, x, y, w, h } so the dashboard keeps them exactly.
 */
import ReactGridLayout, { useContainerWidth, verticalCompactor, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import type { MetricDef } from '../../contract';
import { GRID_COLUMNS, type Widget, type WidgetLayout } from '../../dashboard-contract';
import { WidgetCard, stepLayout, type LayoutMove } from './widget-card';

export const ROW_HEIGHT = 64;

export function DashboardGrid({
  widgets,
  metrics,
  editing,
  onLayout,
  onEdit,
  onRemove,
}: {
  widgets: Widget[];
  metrics: Map<string, MetricDef>;
  editing?: boolean;
  onLayout?: (layouts: Map<string, WidgetLayout>) => void;
  onEdit?: (id: string) => void;
  onRemove?: (id: string) => void;
}) {
  const { width, containerRef, mounted } = useContainerWidth({ initialWidth: 1024 });
  const layout: Layout = widgets.map((w) => ({ i: w.id, ...w.layout, minW: 1, minH: 1, maxH: 12 }));
  const changed = (next: Layout) => {
    if (!onLayout) return;
    const out = new Map<string, WidgetLayout>();
    for (const item of next) {
      const w = widgets.find((x) => x.id === item.i);
      if (!w) continue;
      const l = { x: item.x, y: item.y, w: item.w, h: item.h };
      if (l.x !== w.layout.x || l.y !== w.layout.y || l.w !== w.layout.w || l.h !== w.layout.h) out.set(w.id, l);
    }
    if (out.size) onLayout(out);
  };
  const move = (w: Widget, m: LayoutMove) => onLayout?.(new Map([[w.id, stepLayout(w.layout, m)]]));
  return (
    <div ref={containerRef} className="min-w-0">
      {mounted ? (
        <ReactGridLayout
          width={Math.max(width, 320)}
          layout={layout}
          gridConfig={{ cols: GRID_COLUMNS, rowHeight: ROW_HEIGHT, margin: [12, 12] }}
          dragConfig={{ enabled: !!editing, handle: '.widget-drag', cancel: '.widget-no-drag' }}
          resizeConfig={{ enabled: !!editing, handles: ['se'] }}
          compactor={verticalCompactor}
          onLayoutChange={changed}
        >
          {widgets.map((w) => (
            <div key={w.id}>
              <WidgetCard
                widget={w}
                metric={metrics.get(w.metric)}
                editing={editing}
                onMove={(m) => move(w, m)}
                onEdit={() => onEdit?.(w.id)}
                onRemove={() => onRemove?.(w.id)}
              />
            </div>
          ))}
        </ReactGridLayout>
      ) : null}
    </div>
  );
}
