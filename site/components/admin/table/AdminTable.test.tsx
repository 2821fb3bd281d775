// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '@site/lib/query';
import { AdminTable } from './AdminTable';
import { col } from './columns';

type Row = { id: string; name: string; email: string; balance: string; status: string; createdAt: string };
const rows: Row[] = [
  { id: 'u1', name: 'Aïsha Khan', email: 'aisha@example.ae', balance: '123456', status: 'approved', createdAt: '2025-03-14T05:30:00.000Z' },
  { id: 'u2', name: 'Omar Said', email: 'omar@example.ae', balance: '-500', status: 'pending', createdAt: '2025-03-13T05:30:00.000Z' },
];
const columns = [
  col.person<Row>('name', 'Name', (r) => ({ name: r.name, email: r.email }), { sort: 'name' }),
  col.status<Row>('status', 'Status', (r) => r.status, { tones: { approved: 'brand' } }),
  col.money<Row>('balance', 'Wallet (AED)', (r) => r.balance),
  col.dateTime<Row>('createdAt', 'Joined', (r) => r.createdAt, { sort: 'createdAt' }),
];
const filters = [
  { type: 'select' as const, key: 'status', label: 'Status', all: 'Any status', options: [{ value: 'approved', label: 'Approved' }] },
  { type: 'dateRange' as const, label: 'Joined', from: 'from', to: 'to' },
];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let answer: (url: URL) => Response;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  answer = () => json({ items: rows, total: 2 });
  fetchMock = vi.fn(async (input: RequestInfo | URL) => answer(new URL(String(input), 'http://localhost')));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderTable(path = '/admin/people') {
  const location = memoryLocation({ path, record: true });
  const utils = render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <AdminTable<Row>
          endpoint="/api/admin/people"
          caption="People"
          columns={columns}
          rowKey={(r) => r.id}
          noun={['person', 'people']}
          search={{ placeholder: 'Name or email' }}
          filters={filters}
          defaultSort="-createdAt"
          empty={{ title: 'Nobody yet', body: 'People appear here when they sign up.' }}
        />
      </Router>
    </QueryClientProvider>,
  );
  return { ...utils, location, lastUrl: () => new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost') };
}

describe('AdminTable', () => {
  it('renders a real table with typed cells and announces the count', async () => {
    const { lastUrl } = renderTable();
    const table = await screen.findByRole('table', { name: 'People' });
    await within(table).findByText('Aïsha Khan');
    expect(within(table).getByText('aisha@example.ae').closest('a')?.getAttribute('href')).toBe('mailto:aisha@example.ae');
    expect(within(table).getByText('Approved')).toBeTruthy();
    expect(table.textContent).toContain('1,234.56');
    expect(table.textContent).toContain('14 Mar 2025, 09:30');
    expect(screen.getByRole('status').textContent).toBe('2 people.');
    expect(lastUrl().pathname + lastUrl().search).toBe('/api/admin/people?sort=-createdAt&limit=50&offset=0');
    expect(screen.getByText('1–2 of 2')).toBeTruthy();
  });

  it('takes its state from the URL and writes changes back (search debounced and replaced)', async () => {
    const { location, lastUrl } = renderTable('/admin/people?q=omar&status=approved&offset=50');
    await screen.findByRole('table');
    await waitFor(() => expect(lastUrl().searchParams.get('q')).toBe('omar'));
    expect(lastUrl().searchParams.get('status')).toBe('approved');
    expect(lastUrl().searchParams.get('offset')).toBe('50');
    const box = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
    expect(box.value).toBe('omar');

    fireEvent.change(box, { target: { value: 'khan' } });
    await waitFor(() => expect(location.history!.at(-1)).toBe('/admin/people?q=khan&status=approved'));
    // Typing replaced the entry rather than adding one per pause.
    expect(location.history).toHaveLength(1);
    await waitFor(() => expect(lastUrl().searchParams.get('q')).toBe('khan'));
    expect(lastUrl().searchParams.get('offset')).toBe('0');

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: '' } });
    await waitFor(() => expect(location.history!.at(-1)).toBe('/admin/people?q=khan'));
    expect(location.history).toHaveLength(2);
  });

  it('sorts from the header buttons with aria-sort on the header', async () => {
    const { location, lastUrl } = renderTable();
    await screen.findByText('Aïsha Khan');
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    const joinedHeader = screen.getByRole('columnheader', { name: /Joined/ });
    expect(joinedHeader.getAttribute('aria-sort')).toBe('descending');
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: 'Status' }).getAttribute('aria-sort')).toBeNull();

    fireEvent.click(within(nameHeader).getByRole('button'));
    await waitFor(() => expect(location.history!.at(-1)).toBe('/admin/people?sort=name'));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending'));
    expect(screen.getByRole('columnheader', { name: /Joined/ }).getAttribute('aria-sort')).toBe('none');
    await waitFor(() => expect(lastUrl().searchParams.get('sort')).toBe('name'));

    fireEvent.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending'));
    expect(location.history!.at(-1)).toBe('/admin/people?sort=-name');
  });

  it('links the CSV button to the export of the same query', async () => {
    renderTable('/admin/people?q=aisha&status=approved&from=2025-01-01&sort=name&offset=50&limit=25');
    await screen.findByText('Aïsha Khan');
    const link = screen.getByRole('link', { name: /Export CSV/ });
    const href = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/api/admin/people/export');
    expect(Object.fromEntries(href.searchParams)).toEqual({ q: 'aisha', sort: 'name', status: 'approved', from: '2025-01-01' });
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('says when nothing matches and clears the search and filters', async () => {
    answer = (url) => (url.searchParams.get('q') ? json({ items: [], total: 0 }) : json({ items: rows, total: 2 }));
    const { location } = renderTable('/admin/people?q=zzz&status=approved');
    expect(await screen.findByText('No people match “zzz”')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('No people match.');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(location.history!.at(-1)).toBe('/admin/people'));
    expect(await screen.findByText('Aïsha Khan')).toBeTruthy();
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
  });

  it('shows the empty state of a list with nothing in it', async () => {
    answer = () => json({ items: [], total: 0 });
    renderTable();
    expect(await screen.findByText('Nobody yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Export CSV/ }).getAttribute('aria-disabled')).toBe('true');
  });

  it("shows the API's message and retries", async () => {
    let fail = true;
    answer = () => (fail ? json({ message: 'The audit store is offline', error: 'unavailable' }, 503) : json({ items: rows, total: 2 }));
    renderTable();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Couldn't load people");
    expect(alert.textContent).toContain('The audit store is offline');
    fail = false;
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Try again' })));
    expect(await screen.findByText('Aïsha Khan')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('pages with Next and keeps the page in the URL', async () => {
    answer = (url) => json({ items: url.searchParams.get('offset') === '50' ? [rows[1]] : [rows[0]], total: 51 });
    const { location } = renderTable();
    await screen.findByText('1–1 of 51');
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(location.history!.at(-1)).toBe('/admin/people?offset=50'));
    expect(await screen.findByText('Omar Said')).toBeTruthy();
    expect(screen.getByText('51–51 of 51')).toBeTruthy();
  });
});
