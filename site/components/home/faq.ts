/**
 * The home page FAQ: rendered as <details> and published as FAQPage structured data.
 * `{min}` stands for the minimum investment; the page shows it in the visitor's currency. `{fee:<key>}` stands for
 * a fee's rate (FEES' key): the page prints the spec's rate and global.ts replaces it with the rate in force
 * (/api/settings/public), as it does in the fees table; structured data carries the spec's rate.
 */
import { EARLY_EXIT_YEARS, FEES, MIN_INVESTMENT_FILS, minorToDecimalString, RETURNS } from '@modules/platform/contract';

export type FaqItem = { id: string; question: string; answer: string[] };

type FeeKey = (typeof FEES)[number]['key'];
const rateOf = (key: string) => FEES.find((f) => f.key === key)?.rate;
const fee = (key: FeeKey) => `{fee:${key}}`;

export const MIN_TOKEN = '{min}';
export const minText = `AED ${minorToDecimalString(MIN_INVESTMENT_FILS).replace(/\.00$/, '')}`;

export const faqItems: FaqItem[] = [
  {
    id: 'faq-minimum',
    question: 'What is the minimum investment?',
    answer: [
      `You can buy shares in a property from ${MIN_TOKEN}, and a monthly SIP starts at the same amount. There is no minimum number of properties: you can start with one and add more as you go.`,
    ],
  },
  {
    id: 'faq-sip',
    question: 'How does the SIP (systematic investment plan) work?',
    answer: [
      `You choose a monthly amount from ${MIN_TOKEN}, and each month that amount is invested for you. In automated mode Manzil spreads it across properties that are open for funding; in manual mode you choose where it goes.`,
      'You can change the amount, switch modes, pause or stop at any time. Shares you have already bought stay yours and keep earning rent.',
    ],
  },
  {
    id: 'faq-fees',
    question: 'What fees do I pay?',
    answer: [
      `A platform fee of ${fee('platform')} on your holdings; a performance fee of ${fee('performance')}, only when a property is sold at a profit; transaction charges of ${fee('transaction')} depending on how you pay, always shown before you confirm; an early exit fee of ${fee('early-exit')} if you sell within ${EARLY_EXIT_YEARS} years; and a ${fee('liquidity-pool')} discount if you sell through the liquidity pool. The fees table on this page lists them all.`,
    ],
  },
  {
    id: 'faq-returns',
    question: 'What returns can I expect?',
    answer: [
      `Our properties target a total return of ${RETURNS.total} a year: a rental yield of ${RETURNS.rentalYield} paid out monthly, plus appreciation of ${RETURNS.appreciation} a year in the property's value, which you realise when you sell. These are targets based on how we select properties, not guarantees. Rents can fall, homes can sit empty and values can drop.`,
    ],
  },
  {
    id: 'faq-risks',
    question: 'What are the risks?',
    answer: [
      'You can lose some or all of the money you invest. Property values move with the market, tenants can leave or pay late, and maintenance can cost more than planned. Your shares are not a bank deposit and are not covered by a deposit guarantee scheme.',
      'Property is also illiquid: selling your shares depends on another investor or the liquidity pool buying them, which can take time or cost a discount. If you invest from a currency other than the dirham, exchange rates will also affect your returns. Spread your money across properties and only invest what you can leave invested for several years.',
    ],
  },
  {
    id: 'faq-kyc',
    question: 'Why do I need to verify my identity, and how long does it take?',
    answer: [
      'UAE anti-money-laundering rules require us to know who our investors are before they invest. Verification takes 5 to 10 minutes: your personal details, an identity document, your address and a few questions about your finances, then a final review.',
      'You can create an account and explore properties before you verify; you need to be verified to invest or withdraw.',
    ],
  },
  {
    id: 'faq-exit',
    question: 'How do I sell my shares and get my money out?',
    answer: [
      `You can list your shares on the Manzil exchange for other investors to buy at a price you set, or sell them to the liquidity pool for a faster exit at a ${fee('liquidity-pool')} discount to the latest valuation. Selling within ${EARLY_EXIT_YEARS} years of buying carries an early exit fee of ${fee('early-exit')}.`,
      'When a property itself is sold at the end of its holding period, the proceeds are paid out to shareholders in proportion to their shares, after costs and any performance fee. A sale on the exchange depends on there being a buyer, so there is no guarantee of when it completes.',
    ],
  },
  {
    id: 'faq-ownership',
    question: 'Who actually owns the property?',
    answer: [
      'Each property is bought by its own special purpose vehicle (SPV), a company that exists only to hold that one property. The title deed is registered in the name of the SPV, and investors own shares in the SPV in proportion to what they invested.',
      'Because every property sits in a separate vehicle, the property and its rent are kept apart from Manzil\'s own business and from every other property on the platform.',
    ],
  },
  {
    id: 'faq-rent',
    question: 'How and when is rent paid?',
    answer: [
      'Rent collected from tenants, less the property\'s running costs such as service charges, maintenance and management, is paid into your Manzil wallet every month in proportion to your shares. You can reinvest it, let your SIP use it, or withdraw it to your bank account.',
    ],
  },
  {
    id: 'faq-currencies',
    question: 'Which currencies can I use?',
    answer: [
      'Properties are priced and accounted for in UAE dirhams (AED). You can see every amount in US dollars, UAE dirhams, Indian rupees, euros or British pounds using the currency menu at the top of the page; conversions are for display at our published rates.',
      'If you fund your wallet from an account in another currency, the amount is converted to dirhams when it arrives, so exchange rate movements affect what your investment is worth in your home currency.',
    ],
  },
  {
    id: 'faq-non-residents',
    question: 'Can I invest if I do not live in the UAE?',
    answer: [
      'Yes. Manzil is built for UAE residents and for international investors, including people who have never visited the UAE, provided they pass identity verification. A small number of countries are excluded by sanctions and anti-money-laundering rules; if yours is one of them, we will tell you during verification.',
      'The UAE does not tax individuals on rental income, but your own country may. Check with a tax adviser where you live.',
    ],
  },
];

export type AnswerPart = { text: string } | { min: true } | { fee: FeeKey; rate: string };

/** A paragraph cut at its tokens: plain text, the minimum, and fee rates (with the spec's rate to print first). */
export function answerParts(paragraph: string): AnswerPart[] {
  return paragraph
    .split(/(\{min\}|\{fee:[a-z-]+\})/)
    .filter((part) => part !== '')
    .map((part): AnswerPart => {
      if (part === MIN_TOKEN) return { min: true };
      const key = /^\{fee:([a-z-]+)\}$/.exec(part)?.[1];
      const rate = key ? rateOf(key) : undefined;
      return key && rate ? { fee: key as FeeKey, rate } : { text: part };
    });
}

/** The answer as plain text for structured data, with the minimum written in AED and the spec's fee rates. */
export function answerText(item: FaqItem): string {
  return item.answer
    .map((p) =>
      answerParts(p)
        .map((part) => ('text' in part ? part.text : 'min' in part ? minText : part.rate))
        .join(''),
    )
    .join(' ');
}

/** schema.org FAQPage for the questions above. */
export function faqJsonLd(items: FaqItem[] = faqItems) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: answerText(item) },
    })),
  };
}
