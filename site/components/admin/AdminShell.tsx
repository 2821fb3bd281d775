/**
 * The back office chrome: skip link, a sidebar grouped by section (a focus-trapped drawer below
 * 1024 px), a top bar with breadcrumb, the screen title (h1) and a 'View site' link, then the screen.
 */
import { ExternalLink, Menu, X } from 'lucide-react';
import { Suspense, lazy, useCallback, useEffect, useId, useMemo, useRef, useState, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { CurrentUser } from '@modules/auth/contract';
import { WithErrorFallback } from '../react/ErrorFallback';
import { LoadingContent } from '../react/LoadingContent';
import { AdminLogo } from './AdminLogo';
import { screenIcons } from './icons';
import { mayOpen, navigationFor, notPermittedReason, readOnlyNotice } from './access';
import { breadcrumbFor, navCurrent, type ResolvedAdminRoute } from './routing';
import { screenLoaders, type ScreenProps } from './screenRegistry';
import { cx, ReadOnlyContext } from './ui';

const lazyScreens = new Map<string, ComponentType<ScreenProps>>();
function screenComponent(key: string): ComponentType<ScreenProps> | undefined {
  const loader = screenLoaders[key];
  if (!loader) return undefined;
  if (!lazyScreens.has(key)) lazyScreens.set(key, lazy(loader));
  return lazyScreens.get(key);
}

/** Scrolls a container so its current item is visible (the sidebar is long; the active item may be far down). */
function revealCurrent(container: HTMLElement | null) {
  const el = container?.querySelector<HTMLElement>('[aria-current]');
  if (!container || !el) return;
  const top = el.getBoundingClientRect().top - container.getBoundingClientRect().top + container.scrollTop;
  if (top < container.scrollTop || top + el.offsetHeight > container.scrollTop + container.clientHeight) {
    container.scrollTop = top - container.clientHeight / 2 + el.offsetHeight / 2;
  }
}

type Navigation = ReturnType<typeof navigationFor>;

function SidebarNav({ route, navigation, onNavigate }: { route: ResolvedAdminRoute; navigation: Navigation; onNavigate?: () => void }) {
  const baseId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => revealCurrent(ref.current), [route.path]);
  return (
    <nav ref={ref} aria-label="Back office" className="relative flex-1 overflow-y-auto px-3 pb-6">
      {navigation.map((group, gi) => (
        <div key={group.section} className="mt-5 first:mt-2">
          <p id={`${baseId}-${gi}`} className="px-3 pb-1.5 text-[11px] font-semibold uppercase tracking-[0.14em] text-slate-400">
            {group.section}
          </p>
          <ul aria-labelledby={`${baseId}-${gi}`} className="space-y-0.5">
            {group.items.map((item) => {
              const Icon = screenIcons[item.screen];
              const current = navCurrent(item, route);
              return (
                <li key={item.screen}>
                  <Link
                    href={item.path}
                    aria-current={current}
                    onClick={onNavigate}
                    className={cx(
                      'group flex items-center gap-3 rounded-lg px-3 py-2 text-sm transition-colors',
                      current ? 'bg-brand-50 font-medium text-brand-900 ring-1 ring-inset ring-brand-100' : 'text-slate-600 hover:bg-slate-100 hover:text-ink',
                    )}
                  >
                    {Icon ? <Icon className={cx('h-4 w-4 shrink-0', current ? 'text-brand-700' : 'text-slate-400 group-hover:text-slate-600')} aria-hidden="true" /> : null}
                    <span className="truncate">{item.title}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function SignedInAs({ user }: { user: CurrentUser }) {
  const initials = `${user.firstName?.[0] ?? ''}${user.lastName?.[0] ?? ''}`.toUpperCase() || 'A';
  return (
    <div className="flex items-center gap-3 border-t border-slate-200 px-5 py-4">
      <span aria-hidden="true" className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-sand-100 text-sm font-semibold text-sand-700 ring-1 ring-sand-200">
        {initials}
      </span>
      <div className="min-w-0 text-sm">
        <p className="truncate font-medium text-ink">
          {[user.firstName, user.lastName].filter(Boolean).join(' ')}
          <span className="sr-only">, administrator</span>
        </p>
        <p className="truncate text-xs text-slate-500">{user.email}</p>
      </div>
    </div>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Below 1024 px the sidebar is a modal drawer: focus stays inside, Escape or the backdrop closes it. */
function NavDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      aria-label="Back office navigation"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClose={() => open && onClose()}
      onKeyDown={onKeyDown}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
      className="fixed inset-y-0 left-0 m-0 h-dvh max-h-none w-80 max-w-[86vw] border-0 bg-transparent p-0 backdrop:bg-ink/40 backdrop:backdrop-blur-[1px] lg:hidden"
    >
      <div className="flex h-full flex-col bg-white shadow-xl">{children}</div>
    </dialog>
  );
}

function Breadcrumb({ route }: { route: ResolvedAdminRoute }) {
  const crumbs = breadcrumbFor(route);
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1.5 text-xs text-slate-500">
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={`${c.label}-${i}`} className={cx('flex min-w-0 items-center gap-1.5', !last && i > 0 && 'hidden sm:flex')}>
              {i > 0 ? (
                <span aria-hidden="true" className="text-slate-300">
                  /
                </span>
              ) : null}
              {last ? (
                <span aria-current="page" className="truncate font-medium text-slate-700">
                  {c.label}
                </span>
              ) : c.href ? (
                <Link href={c.href} className="truncate hover:text-brand-800 hover:underline">
                  {c.label}
                </Link>
              ) : (
                <span className="truncate">{c.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** A screen the signed-in staff member's role does not open: what it needs, and whom to ask. */
function NotPermittedScreen({ reason }: { reason: string }) {
  return (
    <div className="mx-auto max-w-lg py-16 text-center" data-testid="not-permitted">
      <p className="text-sm font-semibold uppercase tracking-widest text-sand-600">Error 403</p>
      <h2 className="mt-2 text-2xl font-semibold tracking-tight text-ink" style={{ fontFamily: 'var(--font-display)' }}>
        Not available to your role
      </h2>
      <p className="mt-3 text-slate-600">{reason} Ask an owner or admin to change your role if you need it; the screens your role opens are in the navigation.</p>
      <Link href="/admin/dashboard" className="mt-6 inline-flex rounded-lg bg-brand-800 px-4 py-2.5 text-sm font-medium text-white hover:bg-brand-900">
        Go to the dashboard
      </Link>
    </div>
  );
}

function NotFoundScreen() {
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-sand-600">Error 404</p>
      <p className="mt-3 text-slate-600">There is no back-office screen at this address. Check the link, or pick a screen from the navigation.</p>
      <Link href="/admin/dashboard" className="mt-6 inline-flex rounded-lg bg-brand-800 px-4 py-2.5 text-sm font-medium text-white hover:bg-brand-900">
        Go to the dashboard
      </Link>
    </div>
  );
}

export function AdminShell({ route, user }: { route: ResolvedAdminRoute; user: CurrentUser }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const closeDrawer = useCallback(() => {
    setDrawerOpen(false);
    menuButton.current?.focus({ preventScroll: true });
  }, []);

  // After a client-side navigation, move focus to the new screen's title so screen readers announce it.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    setDrawerOpen(false);
    heading.current?.focus({ preventScroll: true });
  }, [route.path]);

  // The drawer only exists below lg; close it if the window grows past 1024 px.
  useEffect(() => {
    const mq = window.matchMedia('(min-width: 64rem)');
    const onChange = () => mq.matches && setDrawerOpen(false);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);

  const title = route.kind === 'screen' ? route.title : 'Page Not Found';
  const Screen = route.kind === 'screen' ? screenComponent(route.screen) : undefined;
  const navigation = useMemo(() => navigationFor(user), [user]);
  const permitted = mayOpen(user, route);
  const readOnly = route.kind === 'screen' && permitted ? readOnlyNotice(user, route.screen) : null;

  return (
    <div className="min-h-dvh bg-slate-50/60">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow"
      >
        Skip to content
      </a>

      <aside className="fixed inset-y-0 left-0 z-30 hidden w-72 flex-col border-r border-slate-200 bg-white lg:flex">
        <div className="flex h-18 items-center px-6 pt-2">
          <AdminLogo />
        </div>
        <SidebarNav route={route} navigation={navigation} />
        <SignedInAs user={user} />
      </aside>

      <NavDrawer open={drawerOpen} onClose={closeDrawer}>
        <div className="flex h-16 items-center justify-between border-b border-slate-100 px-5">
          <AdminLogo />
          <button type="button" onClick={closeDrawer} className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-ink" aria-label="Close navigation">
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
        <SidebarNav route={route} navigation={navigation} onNavigate={() => setDrawerOpen(false)} />
        <SignedInAs user={user} />
      </NavDrawer>

      <div className="lg:pl-72">
        <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80">
          <div className="flex items-center gap-3 px-4 py-3 sm:px-6 lg:px-10">
            <button
              ref={menuButton}
              type="button"
              onClick={() => setDrawerOpen(true)}
              aria-haspopup="dialog"
              aria-expanded={drawerOpen}
              className="-ml-1 rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-ink lg:hidden"
            >
              <Menu className="h-5 w-5" aria-hidden="true" />
              <span className="sr-only">Open navigation</span>
            </button>
            <div className="min-w-0 flex-1">
              <Breadcrumb route={route} />
              <h1
                ref={heading}
                tabIndex={-1}
                className="mt-0.5 truncate text-xl font-semibold tracking-tight text-ink outline-none sm:text-2xl"
                style={{ fontFamily: 'var(--font-display)' }}
              >
                {title}
              </h1>
            </div>
            <a
              href="/"
              className="inline-flex shrink-0 items-center gap-1.5 rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium text-slate-700 hover:border-slate-300 hover:bg-slate-50"
            >
              <ExternalLink className="h-4 w-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">View site</span>
            </a>
          </div>
        </header>

        <main id="admin-main" tabIndex={-1} className="px-4 py-6 outline-none sm:px-6 sm:py-8 lg:px-10">
          <div className="mx-auto max-w-[1400px]">
            {route.kind === 'screen' && !permitted ? (
              <NotPermittedScreen reason={notPermittedReason(user, route.screen)} />
            ) : route.kind === 'screen' && Screen ? (
              <>
              {readOnly ? (
                <p role="note" data-testid="read-only-note" className="mb-5 rounded-lg border border-slate-200 bg-white px-4 py-2.5 text-sm text-slate-600">
                  {readOnly}
                </p>
              ) : null}
              <ReadOnlyContext.Provider value={readOnly}>
                <WithErrorFallback key={route.screen} component={`${route.title} screen`}>
                  <Suspense fallback={<LoadingContent />}>
                    <Screen route={route} />
                  </Suspense>
                </WithErrorFallback>
              </ReadOnlyContext.Provider>
              </>
            ) : (
              <NotFoundScreen />
            )}
          </div>
        </main>
      </div>
    </div>
  );
}
