/**
 * The investor app's sub-navigation, rendered to static HTML by the pages (no JavaScript shipped).
 * The current screen carries aria-current="page".
 */
import { ArrowLeftRight, Bell, Building2, LayoutDashboard, type LucideIcon, MessagesSquare, Repeat, Wallet } from 'lucide-react';

export type AppNavItem = { href: string; label: string; icon: LucideIcon };

export const APP_NAV: AppNavItem[] = [
  { href: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { href: '/properties', label: 'Properties', icon: Building2 },
  { href: '/sip-setup', label: 'SIP', icon: Repeat },
  { href: '/wallet', label: 'Wallet', icon: Wallet },
  { href: '/exchange', label: 'Exchange', icon: ArrowLeftRight },
  { href: '/community', label: 'Community', icon: MessagesSquare },
  { href: '/notifications', label: 'Notifications', icon: Bell },
];

/** Which nav item a path belongs to: /property/{id} and /checkout sit under Properties, /community/* under Community. */
export function currentNavHref(pathname: string): string | null {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  if (path.startsWith('/property/') || path === '/checkout') return '/properties';
  const hit = APP_NAV.find((item) => path === item.href || path.startsWith(`${item.href}/`));
  return hit ? hit.href : null;
}

export default function AppNav({ pathname }: { pathname: string }) {
  const current = currentNavHref(pathname);
  return (
    <div className="border-b border-slate-200 bg-sand-50/60">
      <nav aria-label="Investor" className="mx-auto max-w-7xl px-2 sm:px-4 lg:px-6">
        <ul className="relative -mb-px flex gap-1 overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden">
          {APP_NAV.map(({ href, label, icon: Icon }) => {
            const isCurrent = href === current;
            return (
              <li key={href} className="shrink-0">
                <a
                  href={href}
                  aria-current={isCurrent ? 'page' : undefined}
                  className="flex items-center gap-2 border-b-2 border-transparent px-3 py-3 text-sm text-slate-600 hover:border-slate-300 hover:text-ink aria-[current=page]:border-brand-700 aria-[current=page]:font-medium aria-[current=page]:text-brand-800"
                >
                  <Icon size={16} strokeWidth={1.8} aria-hidden="true" />
                  {label}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
