/**
 * Admin route resolution: the spec's admin route table (site/lib/routes.ts) → the screen it opens.
 * Pure and browser-safe, so the prerendered page, the client router and the tests all share it.
 * Matching is case-insensitive with an optional trailing slash (§2, §9).
 */
import { adminDynamicScreens, adminScreens, financialSubPaths, type AdminSection } from '@site/lib/routes';

export type ResolvedAdminRoute =
  | {
      kind: 'screen';
      /** Normalised path (lower case, no trailing slash). */
      path: string;
      /** Screen key from `adminScreens` (e.g. 'waitlist', 'financial'). */
      screen: string;
      title: string;
      section: AdminSection;
      /** Financial management tab, when the path names one. */
      tab?: string;
      tabTitle?: string;
      /** The id in a dynamic path (/admin/users/{id}). */
      params?: { id: string };
    }
  | { kind: 'not-found'; path: string };

/** Lower-cases a pathname and drops trailing slashes ('/ADMIN/Users/' → '/admin/users'). */
export function normalizeAdminPath(pathname: string): string {
  const withoutQuery = pathname.split(/[?#]/)[0] ?? '';
  const lower = withoutQuery.toLowerCase().replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  return lower === '' ? '/' : lower.startsWith('/') ? lower : `/${lower}`;
}

const byPath = new Map(adminScreens.map((s) => [s.path, s]));
const financialScreen = adminScreens.find((s) => s.screen === 'financial')!;
const bySubPath = new Map(financialSubPaths.map((s) => [s.path, s]));

export function resolveAdminRoute(pathname: string): ResolvedAdminRoute {
  const path = normalizeAdminPath(pathname);
  const direct = byPath.get(path);
  if (direct) return { kind: 'screen', path, screen: direct.screen, title: direct.title, section: direct.section };
  const sub = bySubPath.get(path);
  if (sub) {
    return {
      kind: 'screen',
      path,
      screen: financialScreen.screen,
      title: financialScreen.title,
      section: financialScreen.section,
      tab: sub.tab,
      tabTitle: sub.title,
    };
  }
  for (const d of adminDynamicScreens) {
    const m = d.pattern.exec(path);
    if (m) return { kind: 'screen', path, screen: d.screen, title: d.title, section: d.section, params: { id: m[1]! } };
  }
  return { kind: 'not-found', path };
}

/** The prerendered shell that serves a dynamic admin path (/admin/users/{id} → /admin/users/investor), or null. */
export function adminShellFor(pathname: string): string | null {
  const path = normalizeAdminPath(pathname);
  return adminDynamicScreens.find((d) => d.pattern.test(path))?.shell ?? null;
}

/** Every financial tab, in the order of the route table, with the URL that opens it. */
export const financialTabs = financialSubPaths.map((s) => ({ tab: s.tab, title: s.title, path: s.path }));
/** The tab /admin/financial opens on. */
export const DEFAULT_FINANCIAL_TAB = financialTabs[0]!.tab;

/** Screens that are steps inside another screen: they highlight their parent in the navigation. */
const parentScreen: Record<string, string> = { 'cost-center-create': 'cost-centers', ...Object.fromEntries(adminDynamicScreens.map((d) => [d.screen, d.parent])) };

export type NavItem = { screen: string; title: string; path: string; section: AdminSection };
export const SECTION_ORDER: AdminSection[] = ['Overview', 'People', 'Investing', 'Operations', 'Accounting & ERP'];

/**
 * The sidebar: one item per screen, grouped by section. Where several paths open one screen
 * (/admin and /admin/dashboard), the last listed path is the canonical one.
 */
export function buildNavigation(shows: (screen: string) => boolean = () => true): { section: AdminSection; items: NavItem[] }[] {
  const items = new Map<string, NavItem>();
  for (const s of adminScreens) {
    if (parentScreen[s.screen] || !shows(s.screen)) continue;
    items.set(s.screen, { screen: s.screen, title: s.title, path: s.path, section: s.section });
  }
  return SECTION_ORDER.map((section) => ({ section, items: [...items.values()].filter((i) => i.section === section) })).filter(
    (g) => g.items.length > 0,
  );
}

/** The canonical path of a screen (what the sidebar links to). */
export function pathForScreen(screen: string): string | undefined {
  let found: string | undefined;
  for (const s of adminScreens) if (s.screen === screen) found = s.path;
  return found;
}

/** aria-current for a sidebar item given the current route. */
export function navCurrent(item: NavItem, route: ResolvedAdminRoute): 'page' | 'true' | undefined {
  if (route.kind !== 'screen') return undefined;
  if (route.screen === item.screen) return 'page';
  if (parentScreen[route.screen] === item.screen) return 'true';
  return undefined;
}

export type Crumb = { label: string; href?: string };

/** Admin › Section › [parent ›] Title [› Tab]; the last crumb is the current page (no link). */
export function breadcrumbFor(route: ResolvedAdminRoute): Crumb[] {
  const home: Crumb = { label: 'Admin', href: '/admin/dashboard' };
  if (route.kind === 'not-found') return [home, { label: 'Page Not Found' }];
  const crumbs: Crumb[] = [home, { label: route.section }];
  const parent = parentScreen[route.screen];
  if (parent) {
    const p = adminScreens.find((s) => s.screen === parent);
    if (p) crumbs.push({ label: p.title, href: pathForScreen(parent) });
  }
  if (route.tabTitle) {
    crumbs.push({ label: route.title, href: pathForScreen(route.screen) }, { label: route.tabTitle });
  } else {
    crumbs.push({ label: route.title });
  }
  return crumbs;
}

/** The document title for a route. */
export function documentTitle(route: ResolvedAdminRoute): string {
  if (route.kind === 'not-found') return 'Page Not Found · Manzil Admin';
  return `${route.tabTitle ? `${route.tabTitle} · ` : ''}${route.title} · Manzil Admin`;
}

/** getStaticPaths params for site/pages/admin/[...path].astro: every admin route, /admin itself included. */
export function adminStaticPaths(routes: readonly string[]): { params: { path: string | undefined } }[] {
  return routes.map((p) => {
    const rest = normalizeAdminPath(p).replace(/^\/admin\/?/, '');
    return { params: { path: rest === '' ? undefined : rest } };
  });
}
