/**
 * The wallet page's "Income and statements" panel: the distributions received, the reinvestment choice and
 * the monthly and annual statements to download. Mounted by the wallet screen as <IncomePanel />.
 */
import { Section } from '@site/components/app/ui';
import { DistributionsReceived } from './DistributionsReceived';
import { ReinvestChoice } from './ReinvestChoice';
import { StatementDownloads } from './StatementDownloads';

export function IncomePanel() {
  return (
    <Section id="income-title" title="Income and statements" description="The rent your properties paid you, what happens to it, and your account statements.">
      <div className="space-y-8">
        <section aria-labelledby="income-received-title">
          <h3 id="income-received-title" className="mb-3 text-sm font-semibold text-ink">
            Distributions received
          </h3>
          <DistributionsReceived />
        </section>
        <section aria-labelledby="income-reinvest-title" className="border-t border-slate-100 pt-6">
          <h3 id="income-reinvest-title" className="sr-only">
            Reinvestment
          </h3>
          <ReinvestChoice />
        </section>
        <section aria-labelledby="income-statements-title" className="border-t border-slate-100 pt-6">
          <h3 id="income-statements-title" className="mb-3 text-sm font-semibold text-ink">
            Account statements (PDF)
          </h3>
          <StatementDownloads />
        </section>
      </div>
    </Section>
  );
}
