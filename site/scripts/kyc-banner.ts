/**
 * The KYC banner (spec §2, §4, §9): 2 s after a signed-in user whose kycStatus is neither completed
 * nor approved is loaded — not on /kyc paths, not once dismissed in this session — a bottom card
 * invites them to verify. Dismiss or Complete hides it. Built with DOM APIs (no framework); the
 * header script imports this file only for unverified users.
 */
import { RETURNS, TIMINGS } from '@modules/platform/contract';
import { shouldShowKycBanner, tabStorage } from '../lib/session-flow';

export const KYC_BANNER_DISMISSED_KEY = 'manzil.kycBannerDismissed';
const BANNER_ID = 'kyc-banner';

const SVG_NS = 'http://www.w3.org/2000/svg';
function icon(paths: string[], size = 20): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  for (const [k, v] of Object.entries({ width: size, height: size, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', 'stroke-width': '1.9', 'aria-hidden': 'true' })) {
    svg.setAttribute(k, String(v));
  }
  for (const d of paths) {
    const p = document.createElementNS(SVG_NS, 'path');
    p.setAttribute('d', d);
    svg.append(p);
  }
  return svg;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const SHIELD = ['M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z', 'm9 12 2 2 4-4'];
const CLOCK = ['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M12 6v6l4 2'];
const CLOSE = ['M18 6 6 18M6 6l12 12'];

export function isKycBannerDismissed(): boolean {
  try {
    return tabStorage()?.getItem(KYC_BANNER_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** While the banner floats over the page, the end of the page can still scroll clear of it, and focus never hides behind it. */
function reserveSpace(px: number | null) {
  const html = document.documentElement;
  html.style.scrollPaddingBottom = px === null ? '' : `${px}px`;
  document.body.style.paddingBottom = px === null ? '' : `${px}px`;
}

export function hideKycBanner(remember: boolean) {
  if (document.getElementById(BANNER_ID)) {
    document.getElementById(BANNER_ID)?.remove();
    reserveSpace(null);
  }
  if (!remember) return;
  try {
    tabStorage()?.setItem(KYC_BANNER_DISMISSED_KEY, '1');
  } catch {}
}

/** The banner element: title, ₹4,500 start, setup time, badges, Complete (→ /kyc) and dismiss. */
export function renderKycBanner(): HTMLElement {
  const card = el(
    'aside',
    'fixed inset-x-3 bottom-3 z-40 overflow-hidden rounded-xl border border-sand-200 bg-white shadow-2xl ring-1 ring-brand-950/5 sm:inset-x-auto sm:bottom-6 sm:left-6 sm:w-[23rem]',
  );
  card.id = BANNER_ID;
  card.setAttribute('aria-labelledby', 'kyc-banner-title');
  card.dataset.testid = 'kyc-banner';

  card.append(el('div', 'h-1 bg-gradient-to-r from-brand-700 via-brand-500 to-sand-400'));
  const body = el('div', 'p-4 sm:p-5');

  const top = el('div', 'flex items-start gap-3');
  const badgeIcon = el('span', 'grid h-10 w-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-100');
  badgeIcon.append(icon(SHIELD));
  const text = el('div', 'min-w-0 flex-1 pr-6');
  const title = el('h2', 'font-display text-lg leading-snug text-ink', 'Complete KYC Verification');
  title.id = 'kyc-banner-title';
  const amount = el('p', 'mt-0.5 text-sm font-medium text-brand-800', 'Start investing with ₹4,500');
  const setup = el('p', 'mt-1 flex items-center gap-1.5 text-xs text-slate-500');
  setup.append(icon(CLOCK, 14), document.createTextNode('5-10 min setup'));
  text.append(title, amount, setup);

  const dismiss = el('button', 'absolute right-2.5 top-3.5 grid h-8 w-8 place-items-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-ink');
  dismiss.type = 'button';
  dismiss.setAttribute('aria-label', 'Dismiss KYC verification reminder');
  dismiss.append(icon(CLOSE, 16));
  dismiss.addEventListener('click', () => hideKycBanner(true));
  top.append(badgeIcon, text);

  const badges = el('ul', 'mt-3 flex flex-wrap gap-1.5');
  badges.setAttribute('aria-label', 'Why verify');
  for (const label of ['Secure', `${RETURNS.total} returns`, 'Quick setup']) {
    badges.append(el('li', 'rounded-full border border-sand-200 bg-sand-50 px-2.5 py-1 text-xs font-medium text-sand-700', label));
  }

  const complete = el(
    'a',
    'mt-4 inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-800 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-900',
    'Complete',
  );
  complete.href = '/kyc';
  const sr = el('span', 'sr-only', ' KYC verification');
  complete.append(sr);
  complete.addEventListener('click', () => hideKycBanner(false));

  body.append(top, badges, complete);
  card.append(body, dismiss);
  return card;
}

type BannerUser = { kycStatus?: string | null };

/** Shows the banner 2 s after the user is loaded, when §4 allows it. Returns a cancel function. */
export function scheduleKycBanner(user: BannerUser, delay: number = TIMINGS.kycBannerDelay): () => void {
  const allowed = () => shouldShowKycBanner({ kycStatus: user.kycStatus, pathname: location.pathname, dismissed: isKycBannerDismissed() });
  if (!allowed()) return () => {};
  const timer = window.setTimeout(() => {
    if (!allowed() || document.getElementById(BANNER_ID)) return;
    const host = document.querySelector('[data-kyc-banner-root]') ?? document.body;
    const banner = renderKycBanner();
    host.append(banner);
    reserveSpace(banner.offsetHeight + 24);
  }, delay);
  return () => clearTimeout(timer);
}
