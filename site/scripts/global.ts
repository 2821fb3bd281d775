// The one small script every page ships: currency display, the mobile menu, the 3 s preload and the session header.
import { prefetch } from 'astro:prefetch';
import { convertMinor, type CurrencyCode, formatMoney, isCurrencyCode, moneyShort, TIMINGS } from '@modules/platform/contract';
import { preloadRoutes } from '../lib/routes';
import { feeScheduleOf, pct, ratesNote, type PublicSettingsJson } from '@modules/settings/contract';
import { $currency, $ratesAsOf, initCurrency, loadDisplayRates, setCurrency } from '../lib/stores/currency';
import { startSessionHeader } from './session-header';

/** Every element with data-aed-fils shows that AED amount converted to the chosen currency. */
function renderPrices(code: CurrencyCode) {
  for (const el of document.querySelectorAll<HTMLElement>('[data-aed-fils]')) {
    const fils = BigInt(el.dataset.aedFils ?? '0');
    const decimals = el.dataset.decimals === '0' ? 0 : 2;
    const amount = convertMinor(fils, 'AED', code);
    el.textContent = el.dataset.short !== undefined ? moneyShort(amount, code) : formatMoney(amount, code, { decimals });
  }
  for (const el of document.querySelectorAll<HTMLElement>('[data-currency-code]')) el.textContent = code;
  // "Rates as of <date>" beside converted amounts (nothing for AED, the currency of record).
  for (const el of document.querySelectorAll<HTMLElement>('[data-rates-note]')) {
    el.textContent = code === 'AED' || $ratesAsOf.get() === undefined ? '' : ratesNote($ratesAsOf.get());
    el.hidden = el.textContent === '';
  }
  for (const sel of document.querySelectorAll<HTMLSelectElement>('select[data-currency-select]')) sel.value = code;
}

/** Fee rates printed on a page (data-fee-rate / data-fee-detail = the fee's key) show the settings in force. */
function renderFees(settings: PublicSettingsJson) {
  for (const f of feeScheduleOf(settings)) {
    for (const el of document.querySelectorAll<HTMLElement>(`[data-fee-rate="${f.key}"]`)) el.textContent = f.rate;
    for (const el of document.querySelectorAll<HTMLElement>(`[data-fee-detail="${f.key}"]`)) el.textContent = f.detail;
  }
  // A single rate in a sentence: data-fee-pct names its setting (earlyExitFeeBps…).
  for (const el of document.querySelectorAll<HTMLElement>('[data-fee-pct]')) {
    const bps = (settings as unknown as Record<string, unknown>)[el.dataset.feePct ?? ''];
    if (typeof bps === 'number') el.textContent = pct(bps);
  }
}

function wireCurrencySelects() {
  for (const sel of document.querySelectorAll<HTMLSelectElement>('select[data-currency-select]')) {
    sel.addEventListener('change', () => {
      if (isCurrencyCode(sel.value)) setCurrency(sel.value);
    });
  }
}

function wireMenu() {
  const button = document.querySelector<HTMLButtonElement>('[data-menu-button]');
  const panel = document.getElementById('mobile-menu');
  if (!button || !panel) return;
  const set = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
  };
  button.addEventListener('click', () => set(button.getAttribute('aria-expanded') !== 'true'));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && button.getAttribute('aria-expanded') === 'true') {
      set(false);
      button.focus();
    }
  });
}

/** 3 s after load, preload the properties, dashboard, property detail and exchange screens (§2). */
function schedulePreload() {
  window.setTimeout(() => {
    for (const href of preloadRoutes) if (location.pathname !== href) prefetch(href, { ignoreSlowConnection: true });
    // The property detail screen: the first property this page links to (listing, home, dashboard).
    const detail = document.querySelector<HTMLAnchorElement>('a[href^="/property/"]')?.getAttribute('href');
    if (detail) prefetch(detail, { ignoreSlowConnection: true });
  }, TIMINGS.preload);
}

wireCurrencySelects();
wireMenu();
$currency.subscribe(renderPrices);
$ratesAsOf.listen(() => renderPrices($currency.get()));
void loadDisplayRates().then((s) => s && renderFees(s));
initCurrency();
startSessionHeader();
if (document.readyState === 'complete') schedulePreload();
else window.addEventListener('load', schedulePreload, { once: true });
