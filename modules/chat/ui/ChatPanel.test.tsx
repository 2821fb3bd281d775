// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@site/components/react/AppProviders';
import { getQueryClient } from '@site/lib/query';
import { ME_KEY } from '@site/lib/stores/auth';
import { $currency } from '@site/lib/stores/currency';
import { $toasts } from '@site/lib/stores/toast';
import { ASSISTANT_SUGGESTIONS, ASSISTANT_WELCOME, type AssistantMessageJson, CHAT_FAILURE_MESSAGE } from '../contract';
import { ChatPanel } from './ChatPanel';
import { CHAT_STORAGE_KEY } from './use-chat';

const SESSION = '33333333-3333-4333-8333-333333333333';
const OLD = '11111111-1111-4111-8111-111111111111';

let signedIn: boolean;
/** Statuses the next calls answer with, by path (201 when empty). */
let failNext: { sessions: number[]; messages: number[] };
let releaseAsk: (() => void) | null;
let histories: Record<string, AssistantMessageJson[]>;
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
          ? Response.json({ id: 'u1', firstName: 'Aisha', role: 'investor', mfaEnabled: false, kycStatus: 'approved' })
          : Response.json({ message: 'Not signed in', error: 'unauthorized' }, { status: 401 });
      }
      if (url === '/api/ai-assistant/sessions' && method === 'POST') {
        const status = failNext.sessions.shift() ?? 201;
        if (status >= 400) return Response.json({ message: 'Something went wrong on our side.', error: 'internal_error' }, { status });
        histories[SESSION] = [];
        return Response.json({ id: SESSION, title: 'New conversation', createdAt: '2026-11-20T08:00:00.000Z', updatedAt: '2026-11-20T08:00:00.000Z', messageCount: 0 }, { status: 201 });
      }
      const history = /^\/api\/ai-assistant\/sessions\/([\w-]+)\/messages$/.exec(url);
      if (history) {
        const items = histories[history[1]!];
        return items ? Response.json({ sessionId: history[1], title: 't', items }) : Response.json({ message: 'We could not find that conversation.', error: 'conversation_not_found' }, { status: 404 });
      }
      if (url === '/api/ai-assistant/messages' && method === 'POST') {
        if (releaseAsk === null) await new Promise<void>((r) => (releaseAsk = r));
        const status = failNext.messages.shift() ?? 201;
        if (status >= 400) return Response.json({ message: 'Something went wrong on our side.', error: 'internal_error' }, { status });
        const n = calls.length;
        const answer = {
          sessionId: body.sessionId,
          userMessage: msg(`u-${n}`, 'user', body.content),
          assistantMessage: msg(`a-${n}`, 'assistant', `Answer to: ${body.content}\n\nSee: /wallet`, [{ href: '/wallet', label: 'Your wallet' }]),
        };
        histories[body.sessionId] = [...(histories[body.sessionId] ?? []), answer.userMessage, answer.assistantMessage];
        return Response.json(answer, { status: 201 });
      }
      return new Response('not found', { status: 404 });
    }),
  );
}

const onClose = vi.fn();
const renderPanel = () =>
  render(
    <AppProviders>
      <ChatPanel onClose={onClose} />
    </AppProviders>,
  );
const input = () => screen.getByPlaceholderText('Type a message...') as HTMLInputElement;
const sendButton = () => screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const log = () => screen.getByRole('log');
const to = (path: string, method = 'POST') => calls.filter((c) => c.url === path && c.method === method);

beforeEach(() => {
  sessionStorage.clear();
  getQueryClient().clear();
  signedIn = false;
  failNext = { sessions: [], messages: [] };
  releaseAsk = () => {};
  histories = {};
  calls.length = 0;
  $currency.set('AED');
  $toasts.set([]);
  onClose.mockReset();
  mockFetch();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ChatPanel', () => {
  it("shows 'Manzil AI', the welcome, the visitor's suggested questions and the link to the full assistant, and asks nothing yet", () => {
    renderPanel();
    expect(screen.getByRole('dialog', { name: 'Manzil AI' })).toBeTruthy();
    expect(log().textContent).toContain(ASSISTANT_WELCOME);
    expect(log().getAttribute('aria-live')).toBe('polite');
    const chips = screen.getByRole('group', { name: 'Suggested questions' });
    for (const q of ASSISTANT_SUGGESTIONS.visitor) expect(within(chips).getByRole('button', { name: q })).toBeTruthy();
    expect(screen.getByRole('link', { name: /View full Manzil AI/ }).getAttribute('href')).toBe('/ai-assistant');
    expect(calls.filter((c) => c.url.startsWith('/api/ai-assistant'))).toEqual([]);
  });

  it('keeps send disabled for an empty or blank message, and ignores blank messages', () => {
    renderPanel();
    expect(sendButton().disabled).toBe(true);
    type('   ');
    expect(sendButton().disabled).toBe(true);
    fireEvent.submit(input().closest('form')!);
    expect(calls.filter((c) => c.url.startsWith('/api/ai-assistant'))).toEqual([]);
    type('fees');
    expect(sendButton().disabled).toBe(false);
  });

  it('creates the conversation on the first question, shows the typing state, then the answer with its links; the next question continues it', async () => {
    $currency.set('GBP');
    releaseAsk = null; // hold the answer
    renderPanel();
    type('What are the fees?');
    fireEvent.click(sendButton());
    expect(log().textContent).toContain('What are the fees?');
    expect(await screen.findByTestId('typing')).toBeTruthy();
    expect(log().getAttribute('aria-busy')).toBe('true');
    expect(sendButton().disabled).toBe(true);
    await waitFor(() => expect(releaseAsk).not.toBeNull());
    expect(to('/api/ai-assistant/sessions')).toHaveLength(1);
    expect(to('/api/ai-assistant/messages')[0]).toMatchObject({ body: { sessionId: SESSION, content: 'What are the fees?' }, headers: expect.objectContaining({ 'X-Currency': 'GBP' }) });
    await act(async () => releaseAsk!());
    await waitFor(() => expect(log().textContent).toContain('Answer to: What are the fees?'));
    expect(screen.queryByTestId('typing')).toBeNull();
    // Rendered as on the full page: the "See:" line becomes the link buttons.
    expect(log().textContent).not.toContain('See: /wallet');
    expect(within(log()).getByRole('link', { name: /Your wallet/ }).getAttribute('href')).toBe('/wallet');
    expect(screen.queryByRole('group', { name: 'Suggested questions' })).toBeNull();
    expect(screen.getByRole('link', { name: /Continue this conversation on the full page/ }).getAttribute('href')).toBe(`/ai-assistant?c=${SESSION}`);
    expect(sessionStorage.getItem(CHAT_STORAGE_KEY)).toBe(SESSION);

    releaseAsk = () => {};
    type('And the early exit fee?');
    fireEvent.submit(input().closest('form')!);
    await waitFor(() => expect(log().textContent).toContain('Answer to: And the early exit fee?'));
    expect(to('/api/ai-assistant/sessions')).toHaveLength(1);
    expect(to('/api/ai-assistant/messages')[1]!.body).toEqual({ sessionId: SESSION, content: 'And the early exit fee?' });
  });

  it('offers a signed-in investor questions about their own account', async () => {
    signedIn = true;
    renderPanel();
    await waitFor(() => expect(getQueryClient().getQueryData(ME_KEY)).toMatchObject({ firstName: 'Aisha' }));
    const chips = await screen.findByRole('group', { name: 'Suggested questions' });
    await waitFor(() => expect(within(chips).getByRole('button', { name: ASSISTANT_SUGGESTIONS.member[0] })).toBeTruthy());
    fireEvent.click(within(chips).getByRole('button', { name: 'What did I earn last month?' }));
    await waitFor(() => expect(log().textContent).toContain('Answer to: What did I earn last month?'));
  });

  it('apologises with a retry and the error toast when the answer fails, and the retry asks again in the same conversation', async () => {
    failNext.messages = [500];
    renderPanel();
    type('How does a SIP work?');
    fireEvent.click(sendButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(CHAT_FAILURE_MESSAGE);
    expect($toasts.get()[0]).toMatchObject({ title: 'Error', description: 'Failed to get a response. Please try again.', variant: 'destructive' });
    expect(sendButton().disabled).toBe(true); // the input is empty again…
    type('and now?');
    expect(sendButton().disabled).toBe(false); // …but no longer waiting
    fireEvent.click(within(alert).getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(log().textContent).toContain('Answer to: How does a SIP work?'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(to('/api/ai-assistant/sessions')).toHaveLength(1);
    expect(to('/api/ai-assistant/messages').map((c) => c.body)).toEqual([
      { sessionId: SESSION, content: 'How does a SIP work?' },
      { sessionId: SESSION, content: 'How does a SIP work?' },
    ]);
  });

  it('fails the same way when the conversation cannot be created', async () => {
    failNext.sessions = [503];
    renderPanel();
    type('Is my investment safe?');
    fireEvent.click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toContain(CHAT_FAILURE_MESSAGE);
    expect(to('/api/ai-assistant/messages')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(log().textContent).toContain('Answer to: Is my investment safe?'));
  });

  it('resumes the conversation of this tab from the server, and starts afresh when it is gone', async () => {
    histories[OLD] = [msg('m1', 'user', 'What are the fees?'), msg('m2', 'assistant', 'Platform fee: 0.5% a year.')];
    sessionStorage.setItem(CHAT_STORAGE_KEY, OLD);
    renderPanel();
    await waitFor(() => expect(log().textContent).toContain('Platform fee: 0.5% a year.'));
    expect(screen.getByRole('link', { name: /Continue this conversation/ }).getAttribute('href')).toBe(`/ai-assistant?c=${OLD}`);
    cleanup();
    getQueryClient().clear();
    delete histories[OLD];
    renderPanel();
    expect(await screen.findByRole('group', { name: 'Suggested questions' })).toBeTruthy();
    await waitFor(() => expect(sessionStorage.getItem(CHAT_STORAGE_KEY)).toBeNull());
    expect(screen.getByRole('link', { name: /View full Manzil AI/ })).toBeTruthy();
  });

  it('minimizes, restores, and closes with the close button or Escape', () => {
    renderPanel();
    const dialog = screen.getByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Minimize chat' }));
    expect(dialog.getAttribute('data-state')).toBe('minimized');
    expect(dialog.className).toContain('h-[90px]');
    expect(screen.queryByRole('log')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Restore chat' }));
    expect(dialog.className).toContain('md:h-[500px]');
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
