/**
 * One widget on the grid: its title and period, its figure (loaded from the series route), and in the
 * builder a menu with the keyboard alternatives to dragging and resizing (move, wider, taller …), edit and remove.
 */
import { useQuery } from '@tanstack/react-query';
import { GripVertical, MoreHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Busy, ErrorNote } from '@site/components/admin/ledger/parts';
import { errorText } from '@site/lib/api';
import type { MetricDef } from '../../contract';
import { GRID_COLUMNS, MAX_HEIGHT, type SeriesResponseJson, type Widget, type WidgetLayout } from '../../dashboard-contract';
import { WidgetFigure } from './charts';
import { seriesUrl, widgetSubtitle, widgetTitle } from './shared';

export type LayoutMove = 'left' | 'right' | 'up' | 'down' | 'wider' | 'narrower' | 'taller' | 'shorter';
export const moveLabels: Record<LayoutMove, string> = { left: 'Move left', right: 'Move right', up: 'Move up', down: 'Move down', wider: 'Wider', narrower: 'Narrower', taller: 'Taller', shorter: 'Shorter' };

/** The layout after one keyboard step, kept inside the grid. */
export function stepLayout(l: WidgetLayout, move: LayoutMove): WidgetLayout {
  switch (move) {
    case 'left':
      return { ...l, x: Math.max(0, l.x - 1) };
    case 'right':
      return { ...l, x: Math.min(GRID_COLUMNS - l.w, l.x + 1) };
    case 'up':
      return { ...l, y: Math.max(0, l.y - 1) };
    case 'down':
      return { ...l, y: l.y + 1 };
    case 'wider':
      return { ...l, w: Math.min(GRID_COLUMNS - l.x, l.w + 1) };
    case 'narrower':
      return { ...l, w: Math.max(1, l.w - 1) };
    case 'taller':
      return { ...l, h: Math.min(MAX_HEIGHT, l.h + 1) };
    case 'shorter':
      return { ...l, h: Math.max(1, l.h - 1) };
  }
}

function WidgetMenu({ title, onMove, onEdit, onRemove }: { title: string; onMove: (m: LayoutMove) => void; onEdit: () => void; onRemove: () => void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => ref.current && !ref.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  const item = 'block w-full rounded px-3 py-1.5 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none';
  return (
    <div ref={ref} className="widget-no-drag relative" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button type="button" aria-haspopup="true" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((o) => !o)} className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500">
        <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only">Options for {title}</span>
      </button>
      {open ? (
        <div id={menuId} role="group" aria-label={`Options for ${title}`} className="absolute right-0 z-20 mt-1 w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          <button type="button" className={item} onClick={() => { setOpen(false); onEdit(); }}>Edit widget</button>
          {(Object.keys(moveLabels) as LayoutMove[]).map((m) => (
            <button key={m} type="button" className={item} onClick={() => onMove(m)}>
              {moveLabels[m]}
            </button>
          ))}
          <button type="button" className={`${item} text-red-700`} onClick={() => { setOpen(false); onRemove(); }}>Remove widget</button>
        </div>
      ) : null}
    </div>
  );
}

export function WidgetCard({ widget, metric, editing, onMove, onEdit, onRemove }: { widget: Widget; metric?: MetricDef; editing?: boolean; onMove?: (m: LayoutMove) => void; onEdit?: () => void; onRemove?: () => void }) {
  const title = widgetTitle(widget, metric);
  const titleId = useId();
  const series = useQuery<SeriesResponseJson>({ queryKey: [seriesUrl(widget)], enabled: !!metric });
  return (
    <section aria-labelledby={titleId} className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <header className="flex items-start gap-2">
        {editing ? <GripVertical className="widget-drag mt-0.5 h-4 w-4 shrink-0 cursor-move text-slate-400" aria-hidden="true" /> : null}
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="truncate text-sm font-semibold text-ink">{title}</h3>
          <p className="truncate text-xs text-slate-500">{widgetSubtitle(widget)}</p>
        </div>
        {editing && onMove && onEdit && onRemove ? <WidgetMenu title={title} onMove={onMove} onEdit={onEdit} onRemove={onRemove} /> : null}
      </header>
      <div className="mt-2 min-h-0 flex-1">
        {!metric ? (
          <ErrorNote title="Metric not available">The metric {widget.metric} is no longer in the catalogue. Edit the widget to choose another.</ErrorNote>
        ) : series.isPending ? (
          <Busy>Loading {title.toLowerCase()}…</Busy>
        ) : series.isError ? (
          <ErrorNote title="Not loaded">{errorText(series.error, 'The figures could not be loaded.')}</ErrorNote>
        ) : (
          <WidgetFigure widget={widget} metric={metric} data={series.data} title={title} />
        )}
      </div>
    </section>
  );
}
