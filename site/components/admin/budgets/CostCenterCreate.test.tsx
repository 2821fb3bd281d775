// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '@site/lib/query';
import { $toasts } from '@site/lib/stores/toast';
import CostCenterCreate, { validateCostCenterForm } from '../screens/CostCenterCreate';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const centers = { items: [{ id: '1', code: 'OPS', name: 'Operations', kind: 'department', parent: null, property: null, description: '', archived: false }], total: 1 };

describe('validateCostCenterForm', () => {
  const ok = { code: 'ops-dxb', name: 'Dubai office', kind: 'department' as const, parent: 'OPS', property: '', description: '' };
  it('accepts a complete form and sends the code upper-cased with its parent', () => {
    expect(validateCostCenterForm(ok)).toEqual({ errors: {}, body: { code: 'OPS-DXB', name: 'Dubai office', kind: 'department', parent: 'OPS', property: null, description: '' } });
  });
  it('explains each invalid field with the ledger’s own messages', () => {
    const { errors, body } = validateCostCenterForm({ ...ok, code: 'ops dxb', name: ' ', kind: '', description: 'x'.repeat(1001) });
    expect(body).toBeUndefined();
    expect(errors.code).toMatch(/1–32 letters, digits, dots or dashes/);
    expect(errors.name).toBe('Cost center name is required');
    expect(errors.kind).toBe('Choose what the cost center is for');
    expect(errors.description).toMatch(/at most 1000/);
    expect(validateCostCenterForm({ ...ok, code: '  ' }).errors.code).toBe('Enter a code, like PROP-MARINA');
  });
  it('keeps a property reference only for property cost centers', () => {
    expect(validateCostCenterForm({ ...ok, kind: 'property', property: 'MARINA-01' }).body?.property).toBe('MARINA-01');
    expect(validateCostCenterForm({ ...ok, property: 'MARINA-01' }).body?.property).toBeNull();
  });
});

describe('the create form', () => {
  let posted: unknown[];
  let answer: () => Response;
  beforeEach(() => {
    posted = [];
    answer = () => json({ ...centers.items[0], code: 'OPS-DXB', name: 'Dubai office', parent: 'OPS' }, 201);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posted.push(JSON.parse(String(init.body)));
          return answer();
        }
        return json(centers);
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const mount = () => {
    const location = memoryLocation({ path: '/admin/cost-center/create', searchPath: 'parent=ops', record: true } as Parameters<typeof memoryLocation>[0]);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <CostCenterCreate />
        </Router>
      </QueryClientProvider>,
    );
    return location;
  };
  const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('shows every problem on submit and sends nothing', async () => {
    mount();
    fireEvent.click(screen.getByRole('button', { name: 'Create cost center' }));
    await waitFor(() => expect(screen.getByText('Choose what the cost center is for')).toBeTruthy());
    expect(screen.getByLabelText(/^Code/).getAttribute('aria-invalid')).toBe('true');
    expect(posted).toEqual([]);
  });

  it('creates the cost center under the parent from the address, then goes to the list with a toast', async () => {
    const location = mount();
    await waitFor(() => expect((screen.getByLabelText(/Parent cost center/) as HTMLSelectElement).value).toBe('OPS'));
    fill(/^Code/, 'ops-dxb');
    fill(/^Name/, 'Dubai office');
    fill(/^Kind/, 'department');
    fireEvent.click(screen.getByRole('button', { name: 'Create cost center' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/admin/cost-centers'));
    expect(posted).toEqual([{ code: 'OPS-DXB', name: 'Dubai office', kind: 'department', parent: 'OPS', property: null, description: '' }]);
    expect($toasts.get()[0]).toMatchObject({ title: 'Cost center created', variant: 'success' });
  });

  it('puts a duplicate code back on the code field', async () => {
    answer = () => json({ message: 'A cost center with code OPS already exists.', error: 'cost_center_exists' }, 409);
    mount();
    fill(/^Code/, 'OPS');
    fill(/^Name/, 'Operations again');
    fill(/^Kind/, 'department');
    fireEvent.click(screen.getByRole('button', { name: 'Create cost center' }));
    await waitFor(() => expect(screen.getByText('A cost center with code OPS already exists.')).toBeTruthy());
    expect(screen.getByLabelText(/^Code/).getAttribute('aria-invalid')).toBe('true');
  });
});
