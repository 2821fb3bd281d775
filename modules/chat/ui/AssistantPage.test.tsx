// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@site/components/react/AppProviders';
import { getQueryClient } from '@site/lib/query';
import { $currency } from '@site/lib/stores/currency';
import { ASSISTANT_SUGGESTIONS, type AssistantConversationJson, type AssistantMessageJson } from '../contract';
import { AssistantPage } from './AssistantPage';

const ID1 = '11111111-1111-4111-8111-111111111111';
const ID2 = '22222222-2222-4222-8222-222222222222';
const NEW = '33333333-3333-4333-8333-333333333333';

let signedIn: boolean;
let conversations: AssistantConversationJson[];
let histories: Record<string, AssistantMessageJson[]>;
/** Statuses the next POST /messages calls answer with (200 when empty). */
let askStatuses: number[];
let releaseAsk: (() => void) | null;
const calls: { method: string; url: string; body?: unknown; headers?: Record<string, string> }[] = [];

const msg = (id: string, role: 'user' | 'assistant', content: string, links: AssistantMessageJson['links'] = []): AssistantMessageJson => ({
  id,
  role,
  content,
  timestamp: '2026-11-20T08:00:00.000Z',
  links,
});

function mockFetch() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body, headers: init.headers as Record<string, string> });
      if (url === '/api/auth/me') {
        return signedIn
          ? Response.json({ id: 'u1', firstName: 'Omar', role: 'investor', mfaEnabled: false, kycStatus: 'approved' })
          : Response.json({ message: 'Not signed in', error: 'unauthorized' }, { status: 401 });
      }
      if (url === '/api/ai-assistant/sessions' && method === 'GET') return Response.json({ items: conversations });
      const history = /^\/api\/ai-assistant\/sessions\/([\w-]+)\/messages$/.exec(url);
      if (history) {
        const items = histories[history[1]];
        return items ? Response.json({ sessionId: history[1], title: 't', items }) : Response.json({ message: 'We could not find that conversation.', error: 'conversation_not_found' }, { status: 404 });
      }
      const del = /^\/api\/ai-assistant\/sessions\/([\w-]+)$/.exec(url);
      if (del && method === 'DELETE') {
        conversations = conversations.filter((c) => c.id !== del[1]);
        return Response.json({ success: true, message: 'deleted' });
      }
      if (url === '/api/ai-assistant/messages' && method === 'POST') {
        if (releaseAsk === null) await new Promise<void>((r) => (releaseAsk = r));
        const status = askStatuses.shift() ?? 201;
        if (status >= 400) return Response.json({ message: 'Something went wrong on our side.', error: 'internal_error' }, { status });
        const sessionId = body.sessionId ?? NEW;
        const answer = {
          sessionId,
          userMessage: msg(`u-${calls.length}`, 'user', body.content),
          assistantMessage: msg(`a-${calls.length}`, 'assistant', `Answer to: ${body.content}\n\nSee: /wallet`, [{ href: '/wallet', label: 'Your wallet' }]),
        };
        if (!conversations.some((c) => c.id === sessionId)) conversations = [{ id: sessionId, title: body.content, createdAt: '2026-11-20T08:00:00.000Z', updatedAt: '2026-11-20T08:00:00.000Z', messageCount: 2 }, ...conversations];
        return Response.json(answer, { status: 201 });
      }
      return new Response('not found', { status: 404 });
    }),
  );
}

const renderPage = () =>
  render(
    <AppProviders>
      <AssistantPage />
    </AppProviders>,
  );
const box = () => screen.getByLabelText('Message Manzil AI') as HTMLTextAreaElement;
const log = () => screen.getByRole('log');
const posts = () => calls.filter((c) => c.url === '/api/ai-assistant/messages');

beforeEach(() => {
  getQueryClient().clear();
  window.history.replaceState(null, '', '/ai-assistant');
  signedIn = false;
  conversations = [];
  histories = {};
  askStatuses = [];
  releaseAsk = () => {};
  calls.length = 0;
  $currency.set('AED');
  mockFetch();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the /ai-assistant page', () => {
  it('shows a visitor the empty state with suggested questions, and a live log', async () => {
    renderPage();
    expect(await screen.findByText(/No conversations yet/)).toBeTruthy();
    expect(log().getAttribute('aria-live')).toBe('polite');
    for (const q of ASSISTANT_SUGGESTIONS.visitor) expect(screen.getByRole('button', { name: q })).toBeTruthy();
    expect(screen.queryByRole('button', { name: ASSISTANT_SUGGESTIONS.member[0] })).toBeNull();
  });

  it('asks a suggested question, shows the typing state, then the answer with its links, and lists the new conversation', async () => {
    signedIn = true;
    releaseAsk = null; // hold the answer
    $currency.set('USD');
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'What did I earn last month?' }));
    await screen.findByTestId('typing');
    expect(log().textContent).toContain('What did I earn last month?');
    expect(posts()[0].body).toEqual({ content: 'What did I earn last month?' });
    expect(posts()[0].headers?.['X-Currency']).toBe('USD');
    await waitFor(() => expect(releaseAsk).not.toBeNull());
    await act(async () => releaseAsk!());
    await waitFor(() => expect(log().textContent).toContain('Answer to: What did I earn last month?'));
    expect(screen.queryByTestId('typing')).toBeNull();
    expect(within(log()).getByRole('link', { name: /Your wallet/ }).getAttribute('href')).toBe('/wallet');
    const nav = screen.getByRole('navigation');
    await waitFor(() => expect(within(nav).getByRole('button', { name: /^What did I earn last month\?/ }).getAttribute('aria-current')).toBe('true'));
    expect(window.location.search).toBe(`?c=${NEW}`);
  });

  it('sends on Enter, adds a line on Shift+Enter, and continues the open conversation', async () => {
    conversations = [{ id: ID1, title: 'What are the fees?', createdAt: '2026-11-02T08:00:00.000Z', updatedAt: '2026-11-02T09:00:00.000Z', messageCount: 2 }];
    histories[ID1] = [msg('m1', 'user', 'What are the fees?'), msg('m2', 'assistant', 'Platform fee: 0.5% a year.\n\nRead more: /learn/fees-explained', [{ href: '/learn/fees-explained', label: 'Guide: fees explained' }])];
    renderPage();
    await screen.findByText('What are the fees?', { selector: 'nav span' });
    fireEvent.click(within(screen.getByRole('navigation')).getByRole('button', { name: /^What are the fees\?/ }));
    await waitFor(() => expect(log().textContent).toContain('Platform fee: 0.5% a year.'));
    expect(screen.getByText(/2 Nov 2026/)).toBeTruthy();
    fireEvent.change(box(), { target: { value: 'And the early exit fee?' } });
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    expect(posts()).toHaveLength(0);
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(log().textContent).toContain('Answer to: And the early exit fee?'));
    expect(posts()[0].body).toEqual({ sessionId: ID1, content: 'And the early exit fee?' });
    expect(box().value).toBe('');
  });

  it('shows an error with a retry when the answer fails, and retries the same question', async () => {
    askStatuses = [500];
    renderPage();
    await screen.findByText(/No conversations yet/);
    fireEvent.change(box(), { target: { value: 'How does a SIP work?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong on our side.');
    fireEvent.click(within(alert).getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(log().textContent).toContain('Answer to: How does a SIP work?'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(posts().map((p) => p.body)).toEqual([{ content: 'How does a SIP work?' }, { content: 'How does a SIP work?' }]);
  });

  it('deletes a conversation after confirming, and starts a new one when it was open', async () => {
    conversations = [
      { id: ID1, title: 'What are the fees?', createdAt: '2026-11-02T08:00:00.000Z', updatedAt: '2026-11-02T09:00:00.000Z', messageCount: 2 },
      { id: ID2, title: 'How do I sell?', createdAt: '2026-11-01T08:00:00.000Z', updatedAt: '2026-11-01T09:00:00.000Z', messageCount: 4 },
    ];
    histories[ID1] = [msg('m1', 'user', 'What are the fees?'), msg('m2', 'assistant', 'Platform fee: 0.5% a year.')];
    window.history.replaceState(null, '', `/ai-assistant?c=${ID1}`);
    renderPage();
    await waitFor(() => expect(log().textContent).toContain('Platform fee: 0.5% a year.'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete conversation “What are the fees?”' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const nav = screen.getByRole('navigation');
    await waitFor(() => expect(within(nav).queryByRole('button', { name: /^What are the fees\?/ })).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/ai-assistant/sessions/${ID1}`)).toBe(true);
    expect(within(nav).getByRole('button', { name: /^How do I sell\?/ })).toBeTruthy();
    expect(await screen.findByRole('group', { name: 'Suggested questions' })).toBeTruthy();
    expect(window.location.search).toBe('');
  });

  it('starts a new conversation when the one in the address is not the visitor’s', async () => {
    window.history.replaceState(null, '', `/ai-assistant?c=${ID2}`);
    renderPage();
    expect(await screen.findByRole('group', { name: 'Suggested questions' })).toBeTruthy();
    await waitFor(() => expect(window.location.search).toBe(''));
  });
});
