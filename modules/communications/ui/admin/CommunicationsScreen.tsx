import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import EmailOutbox from '@site/components/admin/screens/EmailOutbox';
import { ScreenIntro, cx } from '@site/components/admin/ui';
import { Announcements } from './announcements';
import { Inbox } from './inbox';
import { Templates } from './templates';

const TABS = [
  { key: 'inbox', title: 'Inbox', hash: '' },
  { key: 'announcements', title: 'Announcements', hash: '#announcements' },
  { key: 'templates', title: 'Templates', hash: '#templates' },
  { key: 'outbox', title: 'Email outbox', hash: '#outbox' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

const tabFromHash = (): TabKey => {
  const hash = typeof window === 'undefined' ? '' : window.location.hash.toLowerCase();
  return TABS.find((t) => t.hash && t.hash === hash)?.key ?? 'inbox';
};

const PANELS: Record<TabKey, () => ReactNode> = { inbox: () => <Inbox />, announcements: () => <Announcements />, templates: () => <Templates />, outbox: () => <EmailOutbox /> };

/**
 * /admin/communications: the inbox, announcements, their templates and the email outbox as tabs (WAI-ARIA tabs:
 * arrow keys, Home and End move between them), each addressable by its hash (#announcements, #templates, #outbox).
 */
export default function CommunicationsScreen() {
  const id = useId();
  const [tab, setTab] = useState<TabKey>(tabFromHash);
  // Panels mount on first visit and then stay mounted (hidden), keeping their page, search and filters.
  const [visited, setVisited] = useState<Set<TabKey>>(() => new Set([tab]));
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    const onHash = () => select(tabFromHash(), false);
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  function select(next: TabKey, updateUrl = true) {
    setTab(next);
    setVisited((v) => (v.has(next) ? v : new Set(v).add(next)));
    if (updateUrl) {
      const t = TABS.find((x) => x.key === next)!;
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${t.hash}`);
    }
  }

  const onKey = (e: KeyboardEvent, i: number) => {
    const n = TABS.length;
    const next = e.key === 'ArrowRight' ? (i + 1) % n : e.key === 'ArrowLeft' ? (i - 1 + n) % n : e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : -1;
    if (next < 0) return;
    e.preventDefault();
    select(TABS[next]!.key);
    refs.current[next]?.focus();
  };

  return (
    <>
      <ScreenIntro description="What people send Manzil and what Manzil sends them: conversations from the contact page to assign and answer, announcements to groups of investors, and every email the platform has sent or stored." />
      <div role="tablist" aria-label="Communications" className="relative -mx-4 mt-6 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0">
        {TABS.map((t, i) => {
          const active = t.key === tab;
          return (
            <button
              key={t.key}
              ref={(el) => {
                refs.current[i] = el;
              }}
              id={`${id}-tab-${t.key}`}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={`${id}-panel-${t.key}`}
              tabIndex={active ? 0 : -1}
              onClick={() => select(t.key)}
              onKeyDown={(e) => onKey(e, i)}
              className={cx(
                '-mb-px whitespace-nowrap rounded-t-md border-b-2 px-3 py-2.5 text-sm transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500',
                active ? 'border-brand-700 font-semibold text-brand-900' : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-ink',
              )}
            >
              {t.title}
            </button>
          );
        })}
      </div>
      {TABS.map((t) => (
        <section key={t.key} id={`${id}-panel-${t.key}`} role="tabpanel" aria-labelledby={`${id}-tab-${t.key}`} hidden={t.key !== tab} className="mt-6">
          {visited.has(t.key) ? PANELS[t.key]() : null}
        </section>
      ))}
    </>
  );
}
