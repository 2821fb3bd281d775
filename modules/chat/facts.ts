/**
 * A signed-in investor's own facts for the assistant, read from the modules that own them (the wallet's
 * transactions, the portfolio, the SIP summary) — never copied. Each reader returns a Retrieved answer: the
 * offline text, the figures it states (the phraser may use only these) and the screens it links to.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { getPortfolio } from '../investing/portfolio';
import { addMonths, formatDate, formatDayInDubai, monthStart, monthYear, startOfDubaiDay, todayInDubai, yearStart } from '../platform/dates';
import { formatAed } from '../platform/money';
import { sipSummary } from '../sip/summary';
import { big, getWalletSummary, listTransactions, q } from '../wallet';
import type { AssistantLink } from './contract';
import type { EarningPeriod, PersonalIntent } from './intents';

export type AnswerLink = AssistantLink;
export type Retrieved = {
  kind: 'personal' | 'knowledge' | 'sign-in' | 'none';
  /** The answer composed offline from the facts (what is stored when no phraser rewrites it). */
  draft: string;
  /** Every figure the answer may state, as written in the draft. */
  facts: string[];
  links: AnswerLink[];
};

const aed = (fils: bigint | string) => formatAed(big(String(fils)));

export const SCREENS = {
  portfolio: { href: '/portfolio', label: 'Your portfolio' },
  wallet: { href: '/wallet', label: 'Your wallet' },
  sip: { href: '/sip', label: 'Your SIP plans' },
  sipSetup: { href: '/sip-setup', label: 'Set up a SIP' },
  properties: { href: '/properties', label: 'Browse properties' },
  login: { href: '/login', label: 'Sign in' },
  signup: { href: '/signup', label: 'Create an account' },
} as const satisfies Record<string, AnswerLink>;

/** The draft's last line names the screens, so the offline text carries its links. */
function withLinks(lines: string[], links: AnswerLink[]): string {
  const see = links.length ? `\n\nSee: ${links.map((l) => l.href).join(' · ')}` : '';
  return `${lines.join('\n')}${see}`;
}

function answer(lines: string[], facts: string[], links: AnswerLink[]): Retrieved {
  return { kind: 'personal', draft: withLinks(lines, links), facts, links };
}

/** The Dubai calendar window of a period: [from, to) as instants, with its name. */
export function periodWindow(period: EarningPeriod, now: Date): { from: Date; to: Date; label: string } {
  const today = todayInDubai(now);
  const thisMonth = monthStart(today);
  if (period === 'last-month') {
    const last = addMonths(thisMonth, -1);
    return { from: startOfDubaiDay(last), to: startOfDubaiDay(thisMonth), label: `last month (${monthYear(last)})` };
  }
  if (period === 'this-month') return { from: startOfDubaiDay(thisMonth), to: now, label: `this month (${monthYear(thisMonth)})` };
  if (period === 'this-year') return { from: startOfDubaiDay(yearStart(today)), to: now, label: `this year (${today.slice(0, 4)})` };
  return { from: startOfDubaiDay(addMonths(thisMonth, -11)), to: now, label: 'in the last 12 months' };
}

type CreditRow = { amount: string; description: string; created_at: string | Date };

/**
 * Rent credited to the wallet in a period: the wallet's 'distribution' movements (what actually reached the
 * wallet, after any unpaid platform fees were settled from it), listed with their sum.
 */
export async function earnings(db: Db, userId: string, period: EarningPeriod, now = new Date()): Promise<Retrieved & { total: bigint; count: number }> {
  const { from, to, label } = periodWindow(period, now);
  const rows = await q<CreditRow>(
    db,
    sql`select amount::text, description, created_at from wallet_transactions
         where user_id = ${userId} and kind = 'distribution' and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz
         order by seq`,
  );
  const total = rows.reduce((s, r) => s + big(r.amount), 0n);
  const links = [SCREENS.wallet, SCREENS.portfolio];
  if (!rows.length) {
    const [latest] = await q<CreditRow>(
      db,
      sql`select amount::text, description, created_at from wallet_transactions where user_id = ${userId} and kind = 'distribution' order by seq desc limit 1`,
    );
    const lines = [`You received no rent distributions ${label}: ${aed(0n)}.`];
    const facts = [aed(0n)];
    if (latest) {
      lines.push(`Your most recent one was ${aed(latest.amount)} on ${formatDayInDubai(latest.created_at)} — ${latest.description}.`);
      facts.push(aed(latest.amount));
    } else lines.push('Rent is paid to your wallet once a property you hold distributes its net rent for a month.');
    return { ...answer(lines, facts, links), total, count: 0 };
  }
  const lines = [
    `You earned ${aed(total)} in rent distributions ${label}, credited to your wallet in ${rows.length === 1 ? 'one payment' : `${rows.length} payments`}:`,
    ...rows.map((r) => `• ${aed(r.amount)} on ${formatDayInDubai(r.created_at)} — ${r.description}`),
  ];
  return { ...answer(lines, [aed(total), ...rows.map((r) => aed(r.amount))], links), total, count: rows.length };
}

export async function walletFacts(db: Db, userId: string): Promise<Retrieved> {
  const w = await getWalletSummary(db, userId);
  const lines = [`Your wallet balance is ${aed(w.balance)}, of which ${aed(w.available)} is available to invest or withdraw.`];
  const facts = [aed(w.balance), aed(w.available)];
  if (big(w.held) > 0n) {
    lines.push(`${aed(w.held)} is held for withdrawals in progress.`);
    facts.push(aed(w.held));
  }
  if (big(w.pendingDeposits) > 0n) {
    lines.push(`${aed(w.pendingDeposits)} of deposits is waiting for the payment provider to confirm.`);
    facts.push(aed(w.pendingDeposits));
  }
  return answer(lines, facts, [SCREENS.wallet]);
}

export async function transactionFacts(db: Db, userId: string): Promise<Retrieved> {
  const page = await listTransactions(db, userId, { limit: 5, offset: 0 });
  if (!page.items.length) return answer(['Your wallet has no transactions yet. Add money from your wallet to start investing.'], [], [SCREENS.wallet]);
  const lines = [
    `Your ${page.items.length === 1 ? 'latest transaction' : `latest ${page.items.length} transactions`} (of ${page.total}):`,
    ...page.items.map((t) => `• ${formatDayInDubai(t.createdAt)}: ${big(t.amount) > 0n ? '+' : '−'}${aed(big(t.amount) < 0n ? -big(t.amount) : big(t.amount))} — ${t.description}`),
    `Balance after them: ${aed(page.closingBalance)}.`,
  ];
  const facts = [...page.items.map((t) => aed(big(t.amount) < 0n ? -big(t.amount) : big(t.amount))), aed(page.closingBalance)];
  return answer(lines, facts, [SCREENS.wallet]);
}

export async function portfolioFacts(db: Db, userId: string): Promise<Retrieved> {
  const p = await getPortfolio(db, userId);
  if (!p.holdings.length) return answer(['You do not own shares in any property yet. Browse the properties open for investment to make your first one.'], [], [SCREENS.properties, SCREENS.portfolio]);
  const { totals } = p;
  const gain = big(totals.gain);
  const lines = [
    `Your portfolio is worth ${aed(totals.currentValue)} at the latest valuations, against ${aed(totals.cost)} invested (${gain >= 0n ? 'a gain' : 'a loss'} of ${aed(gain < 0n ? -gain : gain)}), across ${totals.properties} ${totals.properties === 1 ? 'property' : 'properties'}:`,
    ...p.holdings.slice(0, 8).map((h) => `• ${h.property.title}: ${h.shares} shares worth ${aed(h.currentValue)} (cost ${aed(h.cost)})`),
  ];
  if (p.holdings.length > 8) lines.push(`…and ${p.holdings.length - 8} more on your portfolio page.`);
  const facts = [aed(totals.currentValue), aed(totals.cost), aed(gain < 0n ? -gain : gain), ...p.holdings.slice(0, 8).flatMap((h) => [aed(h.currentValue), aed(h.cost), String(h.shares)])];
  return answer(lines, facts, [SCREENS.portfolio]);
}

export async function sipFacts(db: Db, userId: string, now = new Date()): Promise<Retrieved> {
  const s = await sipSummary(db, userId, now);
  if (!s.activePlans && !s.pausedPlans) return answer(['You have no SIP plan. A plan invests a fixed amount for you every month.'], [], [SCREENS.sipSetup]);
  const lines = [`You have ${s.activePlans} active SIP ${s.activePlans === 1 ? 'plan' : 'plans'}${s.pausedPlans ? ` and ${s.pausedPlans} paused` : ''}, collecting ${aed(s.monthlyTotal)} a month in all.`];
  const facts = [aed(s.monthlyTotal), aed(s.totalInvested)];
  if (s.nextCollection) {
    lines.push(
      `The next collection is ${aed(s.nextCollection.amount)} on ${formatDate(s.nextCollection.date)}${s.nextCollection.covered ? '' : ' — your wallet does not yet cover it, so add money before then'}.`,
    );
    facts.push(aed(s.nextCollection.amount));
  }
  lines.push(`Your plans have invested ${aed(s.totalInvested)} so far.`);
  for (const p of s.plans) lines.push(`• ${p.reference} (${p.status}): ${aed(p.currentAmount)} a month${p.nextCollectionDate ? `, next on ${formatDate(p.nextCollectionDate)}` : ''}`);
  facts.push(...s.plans.map((p) => aed(p.currentAmount)));
  return answer(lines, facts, [SCREENS.sip]);
}

/** The personal answer for an intent. */
export function personalFacts(db: Db, userId: string, intent: PersonalIntent, period: EarningPeriod, now = new Date()): Promise<Retrieved> {
  switch (intent) {
    case 'earnings':
      return earnings(db, userId, period, now);
    case 'wallet':
      return walletFacts(db, userId);
    case 'transactions':
      return transactionFacts(db, userId);
    case 'portfolio':
      return portfolioFacts(db, userId);
    case 'sip':
      return sipFacts(db, userId, now);
  }
}

const WHAT: Record<PersonalIntent, string> = {
  earnings: 'what you have earned',
  wallet: 'your wallet balance',
  transactions: 'your transactions',
  portfolio: 'your portfolio',
  sip: 'your SIP plans',
};

/** A visitor asked about their own figures: they must sign in first. */
export function signInPrompt(intent: PersonalIntent): Retrieved {
  const links = [SCREENS.login, SCREENS.signup];
  return {
    kind: 'sign-in',
    draft: withLinks([`To see ${WHAT[intent]}, please sign in first — I can only answer questions about your own account once you are signed in.`], links),
    facts: [],
    links,
  };
}
