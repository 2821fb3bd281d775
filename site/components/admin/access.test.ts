import { describe, expect, it } from 'vitest';
import { adminDynamicScreens, adminScreens } from '@site/lib/routes';
import { holds, mayOpen, navigationFor, notPermittedReason, readOnlyNotice, SCREEN_PERMISSIONS } from './access';
import { buildNavigation, resolveAdminRoute } from './routing';
import { permissionsOf } from '@modules/auth/permissions-contract';

describe('admin screens and permissions', () => {
  it('names a permission for every screen of the route table', () => {
    const screens = [...adminScreens, ...adminDynamicScreens].map((s) => s.screen);
    expect(screens.filter((s) => !SCREEN_PERMISSIONS[s])).toEqual([]);
  });

  it('shows a finance user the ERP and not KYC, and says why', () => {
    const finance = { role: 'finance', permissions: permissionsOf('finance') };
    const titles = navigationFor(finance).flatMap((g) => g.items.map((i) => i.title));
    expect(titles).toContain('Accounting ledger');
    expect(titles).toContain('Financial management');
    expect(titles).not.toContain('KYC review');
    expect(titles).not.toContain('Activity log');
    expect(mayOpen(finance, resolveAdminRoute('/admin/kyc'))).toBe(false);
    expect(mayOpen(finance, resolveAdminRoute('/admin/financial/ledger'))).toBe(true);
    expect(notPermittedReason(finance, 'kyc')).toBe('Your role (Finance) does not include KYC applications, documents and screening.');
  });

  it('gives the owner every screen and the auditor no write-only screen', () => {
    const owner = { role: 'admin', permissions: permissionsOf('admin') };
    const all = navigationFor(owner).flatMap((g) => g.items);
    expect(all.length).toBe(buildNavigation().flatMap((g) => g.items).length);
    const auditor = { role: 'auditor', permissions: permissionsOf('auditor') };
    expect(holds(auditor, 'finance:read')).toBe(true);
    expect(holds(auditor, 'finance:write')).toBe(false);
    expect(mayOpen(auditor, resolveAdminRoute('/admin/cost-center/create'))).toBe(false);
    expect(readOnlyNotice(auditor, 'accounting-ledger')).toMatch(/^Read only: your role \(Auditor\) can look here but does not include posting to the books/);
    expect(readOnlyNotice(owner, 'accounting-ledger')).toBeNull();
    const finance = { role: 'finance', permissions: permissionsOf('finance') };
    expect(readOnlyNotice(finance, 'properties')).toMatch(/does not include managing properties/);
    expect(readOnlyNotice(finance, 'journal-entries')).toBeNull();
  });
});
