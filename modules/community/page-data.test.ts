/**
 * What the server-rendered /community pages show, read through the same in-process reader the built pages use
 * (the app registers it): real counts, the thread list, one thread with its replies, hidden and missing threads.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '@tests/helpers/db';
import { communityWorld } from './test-helpers';
import { resolveCommunityPath } from './contract';
import { loadCommunity } from './page-data';

describeEachDb('community pages (server-rendered data)', (kind) => {
  let w: Awaited<ReturnType<typeof communityWorld>>;
  let threadId = '';
  beforeAll(async () => {
    w = await communityWorld(kind);
    const a = await w.member({ firstName: 'Huda' });
    threadId = (await a.client.json<{ id: string }>('POST', '/api/community/threads', { category: 'sip', title: 'Collection day for the monthly plan', body: 'I chose the **5th**.' })).body.id;
    await a.client.request('POST', `/api/community/threads/${threadId}/replies`, { body: 'Same here.' });
  }, 120_000);
  afterAll(async () => {
    await w?.database.close();
  });

  it('lists threads with real category counts, by category and by search', async () => {
    const all = await loadCommunity('', new URLSearchParams());
    if (all.kind !== 'list') throw new Error(all.kind);
    expect(all.categories.find((c) => c.slug === 'sip')).toMatchObject({ threads: 1, posts: 2 });
    expect(all.threads.map((t) => t.title)).toEqual(['Collection day for the monthly plan']);
    const sip = await loadCommunity('sip', new URLSearchParams());
    expect(sip).toMatchObject({ kind: 'list', category: { slug: 'sip' }, total: 1, unknown: false });
    expect(await loadCommunity('general', new URLSearchParams())).toMatchObject({ kind: 'list', total: 0 });
    expect(await loadCommunity('', new URLSearchParams('q=nothing-like-this'))).toMatchObject({ kind: 'list', total: 0, q: 'nothing-like-this' });
    expect(await loadCommunity('made/up', new URLSearchParams('page=-3'))).toMatchObject({ kind: 'list', unknown: true, page: 1 });
    expect(resolveCommunityPath('discussions')).toEqual({ category: null, unknown: false });
  });

  it('renders one thread with its sanitised posts, and treats hidden or unknown threads as missing', async () => {
    const view = await loadCommunity(`thread/${threadId}`, new URLSearchParams());
    if (view.kind !== 'thread') throw new Error(view.kind);
    expect(view.thread.opening.html).toBe('<p>I chose the <strong>5th</strong>.</p>');
    expect(view.thread.page.items.map((p) => p.html)).toEqual(['<p>Same here.</p>']);
    expect(view.category?.slug).toBe('sip');
    expect(await loadCommunity('thread/not-an-id', new URLSearchParams())).toEqual({ kind: 'missing' });
    expect(await loadCommunity('thread/00000000-0000-0000-0000-000000000000', new URLSearchParams())).toEqual({ kind: 'missing' });
    await w.admin.request('POST', `/api/admin/community/posts/${view.thread.opening.id}/hide`, { reason: 'Checking hidden threads.' });
    expect(await loadCommunity(`thread/${threadId}`, new URLSearchParams())).toEqual({ kind: 'missing' });
    const all = await loadCommunity('', new URLSearchParams());
    expect(all.kind === 'list' && all.categories.find((c) => c.slug === 'sip')?.threads).toBe(0);
  });
});
