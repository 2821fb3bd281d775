import { CURRENCIES, CURRENCY_CODES, FEES, MIN_INVESTMENT_FILS, PRODUCT_NAME, RETURNS, SUPPORT_EMAIL, formatMoney } from '../../../../modules/platform/contract';
import { Card, DefinitionList, ScreenIntro, Section } from '../ui';

export default function Settings() {
  return (
    <>
      <ScreenIntro description="The platform's terms as investors see them: minimums, fees, stated returns and currencies. They are set in the platform configuration, so any change is reviewed and released like code, never edited live." />
      <Section title="Platform">
        <Card>
          <DefinitionList
            items={[
              { term: 'Product name', detail: PRODUCT_NAME },
              {
                term: 'Support email',
                detail: (
                  <a className="text-brand-800 hover:underline" href={`mailto:${SUPPORT_EMAIL}`}>
                    {SUPPORT_EMAIL}
                  </a>
                ),
              },
              { term: 'Prices held in', detail: 'UAE dirham (AED)' },
              { term: 'Display currencies', detail: CURRENCY_CODES.map((c) => `${c} (${CURRENCIES[c].name})`).join(', ') },
            ]}
          />
        </Card>
      </Section>
      <Section title="Investing">
        <Card>
          <DefinitionList
            items={[
              { term: 'Minimum investment', detail: formatMoney(MIN_INVESTMENT_FILS, 'AED', { decimals: 0 }) },
              { term: 'Minimum monthly SIP', detail: formatMoney(MIN_INVESTMENT_FILS, 'AED', { decimals: 0 }) },
              { term: 'Investment modes', detail: 'Automated (monthly SIP) or manual; new accounts start on automated.' },
              { term: 'Stated returns', detail: `${RETURNS.total} a year: rental yield ${RETURNS.rentalYield}, appreciation ${RETURNS.appreciation}. Not guaranteed.` },
            ]}
          />
        </Card>
      </Section>
      <Section title="Fees" description="The fee schedule shown to investors.">
        <Card>
          <DefinitionList
            items={FEES.map((f) => ({
              term: f.name,
              detail: (
                <>
                  <span className="font-semibold">{f.rate}</span>
                  <span className="mt-0.5 block text-slate-500">{f.detail}</span>
                </>
              ),
            }))}
          />
        </Card>
      </Section>
    </>
  );
}
