// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@site/components/react/AppProviders';
import { getQueryClient } from '@site/lib/query';
import { ME_KEY } from '@site/lib/stores/auth';
import { $currency } from '@site/lib/stores/currency';
import { $toasts } from '@site/lib/stores/toast';
import { CHAT_EMPTY_ANSWER, CHAT_FAILURE_MESSAGE, MEMBER_ACTIONS } from '../contract';
import { ChatPanel } from './ChatPanel';
import { TOPIC_CHIPS, WELCOME_TEXT } from './engine';
import { CHAT_STORAGE_KEY } from './use-chat';

type Reply = { status: number; body: unknown };
let chatReply: Reply;
let signedIn: boolean;
const chatCalls: { body: unknown; headers: Record<string, string> }[] = [];

function mockFetch() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/auth/me') {
        return signedIn
          ? Response.json({ id: 'u1', firstName: 'Aisha', role: 'investor', mfaEnabled: false, kycStatus: 'approved' })
          : Response.json({ message: 'Not signed in', error: 'unauthorized' }, { status: 401 });
      }
      if (url === '/api/chat/query') {
        chatCalls.push({ body: JSON.parse(String(init.body)), headers: init.headers as Record<string, string> });
        return Response.json(chatReply.body, { status: chatReply.status });
      }
      return new Response('not found', { status: 404 });
    }),
  );
}

const navigate = vi.fn();
const onClose = vi.fn();
const renderPanel = () =>
  render(
    <AppProviders>
      <ChatPanel onClose={onClose} navigate={navigate} />
    </AppProviders>,
  );
const input = () => screen.getByPlaceholderText('Type a message...') as HTMLInputElement;
const sendButton = () => screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const log = () => screen.getByRole('log');

beforeEach(() => {
  sessionStorage.clear();
  getQueryClient().clear();
  chatReply = { status: 200, body: { response: '' } };
  signedIn = false;
  chatCalls.length = 0;
  $currency.set('AED');
  $toasts.set([]);
  navigate.mockReset();
  onClose.mockReset();
  mockFetch();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ChatPanel', () => {
  it("shows 'Manzil AI', the welcome message, chips and the link to the full assistant", () => {
    renderPanel();
    expect(screen.getByRole('dialog', { name: 'Manzil AI' })).toBeTruthy();
    expect(log().textContent).toContain(WELCOME_TEXT);
    for (const chip of TOPIC_CHIPS.default) expect(screen.getByRole('button', { name: chip })).toBeTruthy();
    expect(screen.getByRole('link', { name: /View full Manzil AI/ }).getAttribute('href')).toBe('/ai-assistant');
  });

  it('keeps send disabled for an empty or blank message, and ignores blank messages', () => {
    renderPanel();
    expect(sendButton().disabled).toBe(true);
    type('   ');
    expect(sendButton().disabled).toBe(true);
    fireEvent.submit(input().closest('form')!);
    expect(log().querySelectorAll('time').length).toBe(1);
    type('fees');
    expect(sendButton().disabled).toBe(false);
  });

  it('answers a canned question after 700 ms, with the typing indicator meanwhile, and moves the chips to the topic', () => {
    vi.useFakeTimers();
    renderPanel();
    type('What are the fees?');
    fireEvent.click(sendButton());
    expect(log().textContent).toContain('What are the fees?');
    expect(screen.getByTestId('typing')).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(699));
    expect(log().textContent).not.toContain('platform fee');
    act(() => vi.advanceTimersByTime(1));
    expect(log().textContent).toContain('0.5% a year platform fee');
    expect(screen.queryByTestId('typing')).toBeNull();
    for (const chip of TOPIC_CHIPS.fees) expect(screen.getByRole('button', { name: chip })).toBeTruthy();
    expect(chatCalls).toHaveLength(0);
  });

  it("asks the server only when nothing matches, with the user's currency", async () => {
    $currency.set('GBP');
    chatReply = { status: 200, body: { response: 'In Dubai, ownership is registered with the Dubai Land Department.' } };
    renderPanel();
    type('Who registers the title deed?');
    fireEvent.click(sendButton());
    expect(await screen.findByText(/Dubai Land Department/)).toBeTruthy();
    expect(chatCalls).toEqual([{ body: { message: 'Who registers the title deed?', context: 'general' }, headers: expect.objectContaining({ 'X-Currency': 'GBP' }) }]);
  });

  it("shows the spec's sentence when the server has no answer", async () => {
    renderPanel();
    type('What is the weather tomorrow?');
    fireEvent.click(sendButton());
    expect(await screen.findByText(CHAT_EMPTY_ANSWER)).toBeTruthy();
  });

  it('apologises and shows an error toast when the server fails', async () => {
    chatReply = { status: 500, body: { message: 'boom', error: 'internal_error' } };
    renderPanel();
    type('What is the weather tomorrow?');
    fireEvent.click(sendButton());
    expect(await screen.findByText(CHAT_FAILURE_MESSAGE)).toBeTruthy();
    expect($toasts.get()[0]).toMatchObject({ title: 'Error', description: 'Failed to get a response. Please try again.', variant: 'destructive' });
    expect(sendButton().disabled).toBe(true); // input is empty again…
    type('and now?');
    expect(sendButton().disabled).toBe(false); // …but no longer waiting
  });

  it('offers visitors sign-up and log-in on SIP answers', async () => {
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'What is SIP?' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign up & start investing' }, { timeout: 2000 }));
    expect(navigate).toHaveBeenCalledWith('/signup');
    fireEvent.click(screen.getByRole('button', { name: 'I have an account' }));
    expect(navigate).toHaveBeenLastCalledWith('/login');
  });

  it('offers signed-in users automated investing and properties', async () => {
    signedIn = true;
    renderPanel();
    await waitFor(() => expect(getQueryClient().getQueryData(ME_KEY)).toMatchObject({ firstName: 'Aisha' }));
    fireEvent.click(screen.getByRole('button', { name: 'What is SIP?' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Start Automated Investing' }, { timeout: 2000 }));
    expect(navigate).toHaveBeenCalledWith('/sip-setup');
    fireEvent.click(screen.getByRole('button', { name: 'Browse Properties' }));
    expect(navigate).toHaveBeenLastCalledWith('/properties');
  });

  it("asks to log in when SIP signup is chosen while signed out, and keeps the conversation in the session", () => {
    sessionStorage.setItem(
      CHAT_STORAGE_KEY,
      JSON.stringify({
        topic: 'sip-overview',
        messages: [{ id: 'a', role: 'assistant', content: 'A SIP invests for you every month.', timestamp: new Date().toISOString(), actions: MEMBER_ACTIONS }],
      }),
    );
    renderPanel();
    expect(log().textContent).toContain('A SIP invests for you every month.');
    fireEvent.click(screen.getByRole('button', { name: 'Start Automated Investing' }));
    expect(navigate).not.toHaveBeenCalled();
    expect($toasts.get()[0]).toMatchObject({ title: 'Please log in', description: 'You need to be logged in to set up automated investing.' });
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
