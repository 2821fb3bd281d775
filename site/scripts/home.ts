// Home page extras, vanilla and tiny: the SIP illustration's controls and FAQ deep links.
import { convertMinor, formatMoney, PLATFORM_FEE_BPS } from '@modules/platform/contract';
import { projectSip } from '../components/home/sip-projection';
import { $currency } from '../lib/stores/currency';

/** Re-renders one data-aed-fils element in the current currency (global.ts does the same on currency change). */
function render(el: HTMLElement, fils: bigint) {
  el.dataset.aedFils = String(fils);
  const code = $currency.get();
  const text = formatMoney(convertMinor(fils, 'AED', code), code, { decimals: el.dataset.decimals === '0' ? 0 : 2 });
  el.textContent = text;
}

function wireCalculator() {
  const form = document.querySelector<HTMLFormElement>('form[data-sip-calculator]');
  const section = form?.closest('section');
  if (!form || !section) return;
  const amount = form.elements.namedItem('amount') as HTMLSelectElement;
  const years = form.elements.namedItem('years') as HTMLSelectElement;
  const update = () => {
    const monthlyFils = BigInt(amount.value);
    const months = Number(years.value) * 12;
    section.querySelectorAll<HTMLElement>('[data-sip-monthly]').forEach((el) => render(el, monthlyFils));
    section.querySelectorAll<HTMLElement>('[data-sip-years]').forEach((el) => (el.textContent = `${years.value} years`));
    section.querySelectorAll<HTMLElement>('[data-sip-contributed]').forEach((el) => render(el, monthlyFils * BigInt(months)));
    for (const card of section.querySelectorAll<HTMLElement>('[data-sip-scenario]')) {
      const r = projectSip({ monthlyFils, months, annualReturnBps: Number(card.dataset.rateBps), annualFeeBps: PLATFORM_FEE_BPS });
      const value = card.querySelector<HTMLElement>('[data-sip-value]');
      const gain = card.querySelector<HTMLElement>('[data-sip-gain]');
      if (value) render(value, r.valueFils);
      const sign = card.querySelector<HTMLElement>('[data-sip-sign]');
      if (sign) sign.textContent = r.gainFils >= 0n ? '+' : '';
      if (gain) {
        render(gain, r.gainFils);
        gain.parentElement?.classList.toggle('text-red-700', r.gainFils < 0n);
        gain.parentElement?.classList.toggle('text-brand-700', r.gainFils >= 0n);
      }
    }
  };
  form.addEventListener('change', update);
  form.addEventListener('submit', (e) => e.preventDefault());
  form.hidden = false;
}

/** /#faq-fees and friends open the matching question. */
function openFaqFromHash() {
  const id = decodeURIComponent(location.hash.slice(1));
  if (!id) return;
  const el = document.getElementById(id);
  if (el instanceof HTMLDetailsElement) {
    el.open = true;
    el.scrollIntoView({ block: 'start' });
  }
}

wireCalculator();
openFaqFromHash();
window.addEventListener('hashchange', openFaqFromHash);
