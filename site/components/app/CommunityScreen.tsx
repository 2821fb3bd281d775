import { Info, LogIn, MessagesSquare, UserPlus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { AppProviders } from '../react/AppProviders';
import { WithErrorFallback } from '../react/ErrorFallback';
import { btn, card, EmptyState, Screen, useViewer } from './ui';

export type CommunityCategory = { slug: string; name: string; description: string };

export const COMMUNITY_CATEGORIES: CommunityCategory[] = [
  { slug: 'getting-started', name: 'Getting started', description: 'First questions about accounts, verification and your first investment.' },
  { slug: 'sip', name: 'SIP and monthly investing', description: 'Monthly plans, collection days and building the habit.' },
  { slug: 'properties', name: 'Properties and due diligence', description: 'Locations, developers, valuations and what to look for in a listing.' },
  { slug: 'rental-income', name: 'Rental income', description: 'Occupancy, distributions and how rent reaches your wallet.' },
  { slug: 'selling', name: 'Selling and the exchange', description: 'Listing shares, the liquidity pool and when to exit.' },
  { slug: 'general', name: 'General discussion', description: 'Everything else about investing in UAE property.' },
];

const GUIDELINES = [
  'Share your experience, not financial advice. Nothing here is a recommendation to invest.',
  'Never post personal details, account numbers or documents.',
  'Be respectful. Disagree with ideas, not people.',
  'Flag anything that looks like a scam or a promise of guaranteed returns.',
];

/** Which category a /community/{...} path opens, and whether the path named something that isn't there. */
export function resolveCommunityPath(path: string) {
  const parts = path.toLowerCase().split('/').filter(Boolean);
  const category = COMMUNITY_CATEGORIES.find((c) => c.slug === parts[0]) ?? null;
  const unknown = parts.length > 0 && parts[0] !== 'discussions' && (!category || parts.length > 1);
  return { category, unknown };
}

function JoinCard() {
  const viewer = useViewer();
  if (viewer.state === 'user' || viewer.state === 'loading') return null;
  return (
    <section aria-labelledby="join-title" className={`${card} p-5`}>
      <h2 id="join-title" className="text-base font-semibold text-ink">
        Join the conversation
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">Anyone can read. Log in to ask questions and reply to other investors.</p>
      <div className="mt-4 grid gap-2">
        <a href="/login" className={btn.primary}>
          <LogIn size={16} aria-hidden="true" />
          Log in
        </a>
        <a href="/signup" className={btn.secondary}>
          <UserPlus size={16} aria-hidden="true" />
          Create account
        </a>
      </div>
    </section>
  );
}

export function Community({ path = '' }: { path?: string }) {
  const { category, unknown } = resolveCommunityPath(path);
  const chips = useRef<HTMLUListElement>(null);
  // On narrow screens the categories scroll sideways: bring the open one into view.
  useEffect(() => {
    const list = chips.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (list && current && list.scrollWidth > list.clientWidth) list.scrollLeft = current.offsetLeft - 16;
  }, []);
  return (
    <Screen
      eyebrow="Community"
      title="Learn from other investors"
      description="Questions, answers and experience from people investing in UAE property with Manzil, grouped by topic."
    >
      {unknown && (
        <div role="status" className="mb-6 flex items-start gap-3 rounded-lg border border-sand-200 bg-sand-50 px-4 py-3 text-sm text-slate-700">
          <Info size={18} className="mt-0.5 shrink-0 text-sand-700" aria-hidden="true" />
          <p>We couldn't find that discussion. It may have been removed, or the link may be incomplete. Here is the community instead.</p>
        </div>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] xl:grid-cols-[15rem_minmax(0,1fr)_17rem]">
        <nav aria-label="Discussion categories" className="min-w-0">
          <h2 className="px-1 text-xs font-semibold uppercase tracking-[0.16em] text-slate-500">Categories</h2>
          <ul ref={chips} className="relative mt-3 flex gap-2 overflow-x-auto pb-1 lg:flex-col lg:gap-1 lg:overflow-visible">
            <li className="shrink-0">
              <a
                href="/community"
                aria-current={!category ? 'page' : undefined}
                className="block rounded-lg px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50 aria-[current=page]:bg-brand-50 aria-[current=page]:font-medium aria-[current=page]:text-brand-900 aria-[current=page]:ring-brand-200 lg:ring-0"
              >
                All discussions
              </a>
            </li>
            {COMMUNITY_CATEGORIES.map((c) => (
              <li key={c.slug} className="shrink-0">
                <a
                  href={`/community/${c.slug}`}
                  aria-current={category?.slug === c.slug ? 'page' : undefined}
                  className="block rounded-lg px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50 aria-[current=page]:bg-brand-50 aria-[current=page]:font-medium aria-[current=page]:text-brand-900 aria-[current=page]:ring-brand-200 lg:ring-0"
                >
                  <span className="flex items-center justify-between gap-3">
                    {c.name}
                    <span className="hidden text-xs tabular-nums text-slate-400 lg:inline">
                      0<span className="sr-only"> discussions</span>
                    </span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="discussions-title" className={card}>
          <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
            <h2 id="discussions-title" className="text-base font-semibold text-ink">
              {category ? category.name : 'All discussions'}
            </h2>
            <p className="mt-1 text-sm text-slate-500">{category ? category.description : 'The latest conversations across every topic.'}</p>
          </div>
          <EmptyState icon={MessagesSquare} title={category ? `No discussions in ${category.name} yet` : 'No discussions yet'}>
            {category
              ? 'When investors start conversations on this topic, they will be listed here, newest first.'
              : 'When investors start conversations, they will be listed here, newest first. Browse the categories to see what each topic covers.'}
          </EmptyState>
          {!category && (
            <ul className="grid gap-px overflow-hidden rounded-b-xl border-t border-slate-100 bg-slate-100 sm:grid-cols-2">
              {COMMUNITY_CATEGORIES.map((c) => (
                <li key={c.slug} className="bg-white">
                  <a href={`/community/${c.slug}`} className="block h-full px-5 py-4 hover:bg-slate-50 sm:px-6">
                    <span className="block text-sm font-semibold text-ink">{c.name}</span>
                    <span className="mt-1 block text-sm text-slate-500">{c.description}</span>
                    <span className="mt-2 block text-xs text-slate-400">0 discussions</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>

        <div className="space-y-6 lg:col-start-2 xl:col-start-auto">
          <JoinCard />
          <section aria-labelledby="guidelines-title" className={`${card} p-5`}>
            <h2 id="guidelines-title" className="text-base font-semibold text-ink">
              Community guidelines
            </h2>
            <ul className="mt-3 space-y-3 text-sm leading-relaxed text-slate-600">
              {GUIDELINES.map((g) => (
                <li key={g} className="flex gap-3">
                  <span aria-hidden="true" className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-sand-400" />
                  {g}
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </Screen>
  );
}

export default function CommunityIsland({ path = '' }: { path?: string }) {
  return (
    <AppProviders>
      <WithErrorFallback component="Community">
        <Community path={path} />
      </WithErrorFallback>
    </AppProviders>
  );
}
