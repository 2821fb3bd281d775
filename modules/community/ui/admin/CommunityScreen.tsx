/**
 * /admin/community: the moderation queue. Reports first (open ones by default), then every recent post with its
 * report count, then the members paused from posting. Every action asks for a reason, which the audit log keeps.
 */
import { EyeOff, Flag, MessagesSquare, UserX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { AdminTable, col, type FilterDef } from '@site/components/admin/table';
import { Button, ScreenIntro } from '@site/components/admin/ui';
import { REPORT_STATUSES, reportStatusLabels, type AdminPostJson, type BanJson, type ReportJson } from '../../contract';
import { ADMIN_BASE, ReasonDialog, type ModerationAction } from './reason-dialog';

const hideAction = (post: { id: string; hidden: boolean }, who: string): ModerationAction =>
  post.hidden
    ? { title: 'Show the post again', description: `The post by ${who} becomes visible to everyone again.`, url: `${ADMIN_BASE}/posts/${post.id}/unhide`, confirm: 'Show post' }
    : { title: 'Hide the post', description: `The post by ${who} disappears from the community (an opening post takes its discussion with it). Its open reports are closed.`, url: `${ADMIN_BASE}/posts/${post.id}/hide`, confirm: 'Hide post' };
const lockAction = (thread: { id: string; title: string; locked: boolean }): ModerationAction =>
  thread.locked
    ? { title: 'Unlock the discussion', description: `"${thread.title}" takes replies again.`, url: `${ADMIN_BASE}/threads/${thread.id}/unlock`, confirm: 'Unlock' }
    : { title: 'Lock the discussion', description: `"${thread.title}" stays readable but takes no more replies.`, url: `${ADMIN_BASE}/threads/${thread.id}/lock`, confirm: 'Lock' };
const banAction = (user: { id: string; name: string; banned: boolean }): ModerationAction =>
  user.banned
    ? { title: 'Let the member post again', description: `${user.name} can start discussions, reply and react again.`, url: `${ADMIN_BASE}/users/${user.id}/unban`, confirm: 'Restore posting' }
    : { title: 'Pause the member from posting', description: `${user.name} can still read the community but cannot post, reply or react until you restore it.`, url: `${ADMIN_BASE}/users/${user.id}/ban`, confirm: 'Pause posting' };

function ReportsList({ act }: { act: (a: ModerationAction) => void }) {
  const filters = useMemo<FilterDef[]>(() => [{ type: 'select', key: 'status', label: 'Status', all: 'Every report', default: 'open', options: REPORT_STATUSES.map((s) => ({ value: s, label: reportStatusLabels[s] })) }], []);
  const columns = useMemo(
    () => [
      col.dateTime<ReportJson>('createdAt', 'Reported', (r) => r.createdAt, { sort: 'createdAt' }),
      col.custom<ReportJson>('post', 'Post', (r) => (
        <>
          <a href={`/community/thread/${r.post.threadId}`} className="block font-medium text-ink hover:underline">
            {r.post.threadTitle}
          </a>
          <span className="block max-w-md text-xs text-slate-500">{r.post.excerpt}</span>
        </>
      ), { className: 'min-w-64' }),
      col.text<ReportJson>('author', 'Author', (r) => `${r.post.author.name}${r.post.author.banned ? ' (paused)' : ''}`),
      col.custom<ReportJson>('reason', 'Reason', (r) => <span className="block max-w-xs text-sm">{r.reason}</span>),
      col.text<ReportJson>('reporter', 'Reported by', (r) => r.reporter.name),
      col.status<ReportJson>('status', 'Status', (r) => r.status, { labels: reportStatusLabels, tones: { open: 'warning', resolved: 'success', dismissed: 'neutral' } }),
      col.custom<ReportJson>('actions', 'Actions', (r) => (
        <div className="flex flex-wrap gap-2">
          <Button icon={EyeOff} onClick={() => act(hideAction({ id: r.post.id, hidden: r.post.hidden }, r.post.author.name))}>
            {r.post.hidden ? 'Show' : 'Hide'}
            <span className="sr-only"> the post by {r.post.author.name}</span>
          </Button>
          {r.status === 'open' && (
            <Button onClick={() => act({ title: 'Dismiss the report', description: 'The post stays as it is and the report leaves the open queue.', url: `${ADMIN_BASE}/reports/${r.id}/dismiss`, confirm: 'Dismiss report' })}>
              Dismiss<span className="sr-only"> the report by {r.reporter.name}</span>
            </Button>
          )}
          <Button icon={UserX} onClick={() => act(banAction(r.post.author))}>
            {r.post.author.banned ? 'Restore' : 'Pause'}
            <span className="sr-only"> {r.post.author.name}</span>
          </Button>
        </div>
      )),
    ],
    [act],
  );
  return (
    <AdminTable<ReportJson>
      endpoint={`${ADMIN_BASE}/reports`}
      caption="Reports"
      columns={columns}
      rowKey={(r) => r.id}
      noun={['report', 'reports']}
      search={{ placeholder: 'Reason, post text or discussion title' }}
      filters={filters}
      defaultSort="-createdAt"
      exportable={false}
      urlPrefix="reports."
      minWidth={1100}
      empty={{ icon: Flag, title: 'No reports', body: 'When members report a post, it waits here until a moderator hides it or dismisses the report.' }}
    />
  );
}

function PostsList({ act }: { act: (a: ModerationAction) => void }) {
  const filters = useMemo<FilterDef[]>(() => [{ type: 'select', key: 'visibility', label: 'Visibility', all: 'Visible and hidden', options: [{ value: 'visible', label: 'Visible' }, { value: 'hidden', label: 'Hidden' }] }], []);
  const columns = useMemo(
    () => [
      col.dateTime<AdminPostJson>('createdAt', 'Posted', (r) => r.createdAt, { sort: 'createdAt' }),
      col.custom<AdminPostJson>('post', 'Post', (r) => (
        <>
          <a href={`/community/thread/${r.threadId}`} className="block font-medium text-ink hover:underline">
            {r.opening ? r.threadTitle : `Reply in: ${r.threadTitle}`}
          </a>
          <span className="block max-w-md text-xs text-slate-500">{r.excerpt}</span>
          {r.hiddenReason && <span className="block text-xs text-red-700">Hidden: {r.hiddenReason}</span>}
        </>
      ), { className: 'min-w-64' }),
      col.person<AdminPostJson>('author', 'Author', (r) => ({ name: `${r.author.name}${r.author.banned ? ' (paused)' : ''}`, email: r.author.email })),
      col.text<AdminPostJson>('reports', 'Open reports', (r) => r.openReports, { sort: 'reports', align: 'right' }),
      col.status<AdminPostJson>('visibility', 'Visibility', (r) => (r.hidden ? 'hidden' : 'visible'), { labels: { hidden: 'Hidden', visible: 'Visible' }, tones: { hidden: 'danger', visible: 'success' } }),
      col.custom<AdminPostJson>('actions', 'Actions', (r) => (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => act(hideAction(r, r.author.name))}>
            {r.hidden ? 'Show' : 'Hide'}
            <span className="sr-only"> the post by {r.author.name}</span>
          </Button>
          <Button onClick={() => act(lockAction({ id: r.threadId, title: r.threadTitle, locked: r.threadLocked }))}>
            {r.threadLocked ? 'Unlock' : 'Lock'}
            <span className="sr-only"> the discussion {r.threadTitle}</span>
          </Button>
          <Button onClick={() => act(banAction(r.author))}>
            {r.author.banned ? 'Restore' : 'Pause'}
            <span className="sr-only"> {r.author.name}</span>
          </Button>
        </div>
      )),
    ],
    [act],
  );
  return (
    <AdminTable<AdminPostJson>
      endpoint={`${ADMIN_BASE}/posts`}
      caption="Recent posts"
      columns={columns}
      rowKey={(r) => r.id}
      noun={['post', 'posts']}
      search={{ placeholder: 'Post text, discussion title or author' }}
      filters={filters}
      defaultSort="-createdAt"
      exportable={false}
      urlPrefix="posts."
      minWidth={1100}
      empty={{ icon: MessagesSquare, title: 'No posts yet', body: 'Discussions and replies from verified investors appear here as they are posted.' }}
    />
  );
}

function BansList({ act }: { act: (a: ModerationAction) => void }) {
  const columns = useMemo(
    () => [
      col.person<BanJson>('member', 'Member', (r) => ({ name: r.name, email: r.email })),
      col.custom<BanJson>('reason', 'Reason', (r) => <span className="block max-w-sm text-sm">{r.reason}</span>),
      col.text<BanJson>('bannedBy', 'Paused by', (r) => r.bannedBy),
      col.dateTime<BanJson>('createdAt', 'Since', (r) => r.createdAt, { sort: 'createdAt' }),
      col.custom<BanJson>('actions', 'Actions', (r) => (
        <Button onClick={() => act(banAction({ id: r.userId, name: r.name, banned: true }))}>
          Restore posting<span className="sr-only"> for {r.name}</span>
        </Button>
      )),
    ],
    [act],
  );
  return (
    <AdminTable<BanJson>
      endpoint={`${ADMIN_BASE}/bans`}
      caption="Members paused from posting"
      columns={columns}
      rowKey={(r) => r.userId}
      noun={['member', 'members']}
      search={{ placeholder: 'Name, email or reason' }}
      defaultSort="-createdAt"
      exportable={false}
      urlPrefix="bans."
      empty={{ icon: UserX, title: 'Nobody is paused', body: 'Members you pause from posting are listed here, with the reason, until you restore them.' }}
    />
  );
}

export default function CommunityModerationScreen() {
  const [action, setAction] = useState<ModerationAction | null>(null);
  return (
    <>
      <ScreenIntro description="Moderate the investor community: reported posts, every recent post, and members paused from posting. Each action asks for a reason, kept in the audit log." />
      <div className="grid gap-6">
        <ReportsList act={setAction} />
        <PostsList act={setAction} />
        <BansList act={setAction} />
      </div>
      <ReasonDialog action={action} onClose={() => setAction(null)} />
    </>
  );
}
