// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@site/components/admin/ledger/test-utils';
import type { CommunityStatusJson } from '../contract';
import NewThreadForm from './NewThreadForm';
import PostActions from './PostActions';
import { forgetStatus } from './status';

const status = (s: Partial<CommunityStatusJson>): CommunityStatusJson => ({ signedIn: true, userId: 'me', canPost: true, reason: null, myReactions: {}, ...s });

beforeEach(() => forgetStatus());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the new-discussion island', () => {
  it('tells a visitor to log in and an unverified member to verify, with no form', async () => {
    mockFetch({ 'GET /api/community/me': () => json(status({ signedIn: false, canPost: false, reason: 'Log in to post, reply or react.' })) });
    render(<NewThreadForm />);
    expect((await screen.findByRole('link', { name: 'Log in' })).getAttribute('href')).toBe('/login');
    cleanup();
    forgetStatus();
    mockFetch({ 'GET /api/community/me': () => json(status({ canPost: false, reason: 'Only verified investors can post in the community. Complete your identity verification (KYC) first.' })) });
    render(<NewThreadForm />);
    expect((await screen.findByRole('link', { name: 'Verify your identity' })).getAttribute('href')).toBe('/kyc');
    expect(screen.queryByRole('button', { name: 'Start a discussion' })).toBeNull();
  });

  it('posts a discussion for a verified investor and opens it', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, href: 'http://localhost/community/sip' });
    const calls = mockFetch({ 'GET /api/community/me': () => json(status({})), 'POST /api/community/threads': () => json({ id: 'abc' }, 201) });
    render(<NewThreadForm category="sip" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start a discussion' }));
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('sip');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post discussion' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Which day do you collect?' } });
    fireEvent.change(screen.getByLabelText('Your question or experience'), { target: { value: 'I picked the **1st**.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Post discussion' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ category: 'sip', title: 'Which day do you collect?', body: 'I picked the **1st**.', property: null }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/community/thread/abc'));
  });
});

describe('a post’s reactions and report button', () => {
  it('shows the viewer’s own reactions pressed, toggles one, and reports with a reason', async () => {
    const calls = mockFetch({
      'GET /api/community/me': () => json(status({ myReactions: { p1: ['helpful'] } })),
      'POST /api/community/posts/p1/reactions': () => json({ kind: 'like', reacted: true, count: 3 }),
      'POST /api/community/posts/p1/reports': () => json({ id: 'r1' }, 201),
    });
    const { unmount } = render(<PostActions threadId="t1" postId="p1" authorId="me" counts={{ like: 2, helpful: 1, insightful: 0 }} />);
    // Nobody reports their own post.
    await waitFor(() => expect(screen.getByRole('button', { name: /Helpful/ }).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    unmount();
    render(<PostActions threadId="t1" postId="p1" authorId="someone-else" counts={{ like: 2, helpful: 1, insightful: 0 }} />);
    await waitFor(() => expect(screen.getByRole('button', { name: /Helpful/ }).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByRole('button', { name: /Like/ }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: /Like/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Like/ }).textContent).toBe('Like 3'));
    expect(screen.getByRole('button', { name: /Like/ }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    fireEvent.change(screen.getByLabelText('What is wrong with this post?'), { target: { value: 'Looks like a scam.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(/our moderators will take a look/)).toBeTruthy();
    expect(calls.find((c) => c.url.pathname.endsWith('/reports'))?.body).toEqual({ reason: 'Looks like a scam.' });
  });

  it('keeps the reactions disabled for a visitor', async () => {
    mockFetch({ 'GET /api/community/me': () => json(status({ signedIn: false, userId: null, canPost: false, reason: 'Log in to post, reply or react.' })) });
    render(<PostActions threadId="t1" postId="p1" authorId="someone" counts={{ like: 2, helpful: 1, insightful: 0 }} />);
    await waitFor(() => expect(screen.getByRole('button', { name: /Like/ }).getAttribute('title')).toBe('Log in to post, reply or react.'));
    expect((screen.getByRole('button', { name: /Like/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });
});
