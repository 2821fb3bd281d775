// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { adminRoutes } from '@site/lib/routes';
import { createQueryClient } from '@site/lib/query';
import { resolveAdminRoute } from '../routing';
import { screenLoaders, type ScreenRoute } from '../screenRegistry';

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ items: [], total: 0 }), { headers: { 'content-type': 'application/json' } })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('every admin route renders its screen', () => {
  it.each(adminRoutes.map((p) => [p]))('%s', async (path) => {
    const route = resolveAdminRoute(path) as ScreenRoute;
    const { default: Screen } = await screenLoaders[route.screen]!();
    const { container } = render(
      <QueryClientProvider client={createQueryClient()}>
        <Router hook={memoryLocation({ path }).hook}>
          <Screen route={route} />
        </Router>
      </QueryClientProvider>,
    );
    // A one-line description of what the screen is for, and nothing promised for later.
    expect(container.querySelector('p')?.textContent?.length ?? 0).toBeGreaterThan(40);
    const text = container.textContent ?? '';
    expect(text).not.toMatch(/coming soon|lorem|todo/i);
    // Lists show their real column headers, and the unavailable actions explain themselves.
    for (const button of container.querySelectorAll('button[aria-disabled="true"]')) {
      const tip = document.getElementById(button.getAttribute('aria-describedby') ?? '');
      expect(tip?.textContent, button.textContent ?? '').toMatch(/\w{4,}/);
    }
    // The receivables aging and the bank reconciliation draw their tables from the server's figures (their own
    // tests cover them); without a server they show their loading state.
    const dataFirst = route.tab === 'receivables' || route.tab === 'banking';
    if (dataFirst) expect(await screen.findAllByRole('status', {}, { timeout: 5000 })).not.toHaveLength(0);
    else if (!['settings', 'erp', 'dashboard', 'cost-center-create', 'notifications', 'kyc-backup', 'api-reference'].includes(route.screen))
      expect((await screen.findAllByRole('columnheader', {}, { timeout: 5000 })).length).toBeGreaterThan(2);
  });
});
