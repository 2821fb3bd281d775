import { describe, expect, it } from 'vitest';
import { adminRoutes, adminScreens, financialSubPaths } from '@site/lib/routes';
import {
  adminStaticPaths,
  breadcrumbFor,
  buildNavigation,
  DEFAULT_FINANCIAL_TAB,
  navCurrent,
  normalizeAdminPath,
  resolveAdminRoute,
} from './routing';
import { screenLoaders } from './screenRegistry';

describe('normalizeAdminPath', () => {
  it('lower-cases and drops trailing slashes', () => {
    expect(normalizeAdminPath('/ADMIN/Users/')).toBe('/admin/users');
    expect(normalizeAdminPath('/admin//')).toBe('/admin');
    expect(normalizeAdminPath('/admin/waitlist?x=1#top')).toBe('/admin/waitlist');
    expect(normalizeAdminPath('')).toBe('/');
  });
});

describe('resolveAdminRoute', () => {
  it('resolves every path in the admin route table to a screen that has a component', () => {
    for (const path of adminRoutes) {
      const r = resolveAdminRoute(path);
      expect(r.kind, path).toBe('screen');
      if (r.kind === 'screen') expect(screenLoaders[r.screen], `${path} → ${r.screen}`).toBeTypeOf('function');
    }
  });

  it('opens the screen the table names, case-insensitively and with a trailing slash', () => {
    for (const s of adminScreens) {
      for (const variant of [s.path, `${s.path}/`, s.path.toUpperCase(), `${s.path.replace(/\b\w/g, (c) => c.toUpperCase())}/`]) {
        const r = resolveAdminRoute(variant);
        expect(r, variant).toMatchObject({ kind: 'screen', screen: s.screen, title: s.title, section: s.section });
      }
    }
    expect(resolveAdminRoute('/Admin/Waitlist/')).toMatchObject({ kind: 'screen', screen: 'waitlist', path: '/admin/waitlist' });
    expect(resolveAdminRoute('/admin')).toMatchObject({ screen: 'dashboard' });
    expect(resolveAdminRoute('/admin/erp/accounting')).toMatchObject({ screen: 'chart-of-accounts' });
    expect(resolveAdminRoute('/admin/erp/purchase')).toMatchObject({ screen: 'purchase' });
  });

  it('opens financial management on the tab each sub-path names', () => {
    for (const sub of financialSubPaths) {
      for (const variant of [sub.path, `${sub.path.toUpperCase()}/`]) {
        expect(resolveAdminRoute(variant), variant).toMatchObject({ kind: 'screen', screen: 'financial', tab: sub.tab, tabTitle: sub.title });
      }
    }
    expect(resolveAdminRoute('/admin/dashboard/builder')).toMatchObject({ screen: 'financial', tab: 'dashboard-builder' });
    expect(resolveAdminRoute('/admin/inventory/products')).toMatchObject({ screen: 'financial', tab: 'products' });
    // The bare screen has no tab in the URL; it shows the first one.
    const bare = resolveAdminRoute('/admin/financial');
    expect(bare).toMatchObject({ kind: 'screen', screen: 'financial' });
    expect(bare.kind === 'screen' && bare.tab).toBeFalsy();
    expect(DEFAULT_FINANCIAL_TAB).toBe('ledger');
  });

  it('returns not-found for anything outside the table', () => {
    for (const path of ['/admin/nope', '/admin/users/123', '/admin/financial/unknown', '/admin/kyc/backup/extra', '/dashboard', '/adminx', '/admin/cost-center']) {
      expect(resolveAdminRoute(path), path).toEqual({ kind: 'not-found', path: normalizeAdminPath(path) });
    }
  });
});

describe('adminStaticPaths', () => {
  it('prerenders /admin itself (path undefined) and every other admin route, sub-paths included', () => {
    const params = adminStaticPaths(adminRoutes).map((p) => p.params.path);
    expect(params).toContain(undefined);
    expect(params).toContain('financial/ledger');
    expect(params).toContain('cost-center/create');
    expect(params).toContain('dashboard/builder');
    expect(params).toHaveLength(adminRoutes.length);
    expect(new Set(params).size).toBe(params.length);
    const rebuilt = params.map((p) => (p === undefined ? '/admin' : `/admin/${p}`)).sort();
    expect(rebuilt).toEqual([...adminRoutes].sort());
  });
});

describe('navigation', () => {
  const nav = buildNavigation();
  const items = nav.flatMap((g) => g.items);

  it('groups one item per screen under the five sections, in order', () => {
    expect(nav.map((g) => g.section)).toEqual(['Overview', 'People', 'Investing', 'Operations', 'Accounting & ERP']);
    const screens = new Set(adminScreens.map((s) => s.screen));
    screens.delete('cost-center-create'); // a step inside Cost centers, not a destination of its own
    expect(new Set(items.map((i) => i.screen))).toEqual(screens);
    expect(items).toHaveLength(screens.size);
    expect(items.find((i) => i.screen === 'dashboard')?.path).toBe('/admin/dashboard');
    expect(items.find((i) => i.screen === 'chart-of-accounts')?.path).toBe('/admin/chart-of-accounts');
  });

  it('marks the active item, including for financial sub-paths and the new cost center form', () => {
    const current = (path: string) => items.filter((i) => navCurrent(i, resolveAdminRoute(path))).map((i) => [i.screen, navCurrent(i, resolveAdminRoute(path))]);
    expect(current('/ADMIN/waitlist/')).toEqual([['waitlist', 'page']]);
    expect(current('/admin/purchase/orders')).toEqual([['financial', 'page']]);
    expect(current('/admin/cost-center/create')).toEqual([['cost-centers', 'true']]);
    expect(current('/admin/nope')).toEqual([]);
  });

  it('builds breadcrumbs that end at the current page', () => {
    expect(breadcrumbFor(resolveAdminRoute('/admin/financial/ledger')).map((c) => c.label)).toEqual(['Admin', 'Accounting & ERP', 'Financial management', 'General ledger']);
    expect(breadcrumbFor(resolveAdminRoute('/admin/cost-center/create'))).toEqual([
      { label: 'Admin', href: '/admin/dashboard' },
      { label: 'Accounting & ERP' },
      { label: 'Cost centers', href: '/admin/cost-centers' },
      { label: 'New cost center' },
    ]);
    const last = breadcrumbFor(resolveAdminRoute('/admin/users'));
    expect(last.at(-1)).toEqual({ label: 'Users' });
  });
});
