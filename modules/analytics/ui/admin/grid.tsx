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

const sharesColumns = (a: WidgetLayout, b: WidgetLayout) => a.x < b.x + b.w && b.x < a.x + a.w;

/**
 * Moving up or down from the keyboard swaps a widget with its nearest neighbour above or below (sharing a
 * column); a plain one-row step would be undone by the grid's vertical compaction.
 */
export function swapVertical(widgets: Widget[], w: Widget, dir: 'up' | 'down'): Map<string, WidgetLayout> {
  const others = widgets.filter((o) => o.id !== w.id && sharesColumns(o.layout, w.layout));
  const next =
    dir === 'down'
      ? others.filter((o) => o.layout.y >= w.layout.y + w.layout.h).sort((a, b) => a.layout.y - b.layout.y)[0]
      : others.filter((o) => o.layout.y + o.layout.h <= w.layout.y).sort((a, b) => b.layout.y - a.layout.y)[0];
  if (!next) return new Map();
  const [top, bottom] = dir === 'down' ? [w, next] : [next, w];
  return new Map([
    [bottom.id, { ...bottom.layout, y: top.layout.y }],
    [top.id, { ...top.layout, y: top.layout.y + bottom.layout.h }],
  ]);
}

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
  const move = (w: Widget, m: LayoutMove) => onLayout?.(m === 'up' || m === 'down' ? swapVertical(widgets, w, m) : new Map([[w.id, stepLayout(w.layout, m)]]));
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
