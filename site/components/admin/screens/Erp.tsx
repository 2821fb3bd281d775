import {
  BookOpen, Calculator, ChartColumn, FileText, Gauge, HandCoins, Landmark, ListTree, NotebookPen, Package, Percent, Receipt, ShoppingCart, Target, Banknote,
} from 'lucide-react';
import { LinkCards, ScreenIntro, Section } from '../ui';

export default function Erp() {
  return (
    <>
      <ScreenIntro description="The accounting and operations suite behind Manzil. Every module posts to one ledger in AED, so statements, budgets and tax returns always agree." />
      <Section title="Accounting">
        <LinkCards
          items={[
            { href: '/admin/financial', title: 'Financial management', description: 'Ledger, receivables, payables, banking and statements in one place.', icon: Landmark },
            { href: '/admin/erp/accounting-ledger', title: 'Accounting ledger', description: 'Every posted line by account, with running balances.', icon: BookOpen },
            { href: '/admin/chart-of-accounts', title: 'Chart of accounts', description: 'The accounts every journal line posts to.', icon: ListTree },
            { href: '/admin/journal-entries', title: 'Journal entries', description: 'Bookings for deposits, investments, fees and payouts.', icon: NotebookPen },
            { href: '/admin/financial-reports', title: 'Financial reports', description: 'Balance sheet, income statement, cash flow, trial balance.', icon: FileText },
          ]}
        />
      </Section>
      <Section title="Planning and control">
        <LinkCards
          items={[
            { href: '/admin/cost-centers', title: 'Cost centers', description: 'Track spending by property, team or project.', icon: Target },
            { href: '/admin/cost-center-reports', title: 'Cost center reports', description: 'Budget against actual for each cost center.', icon: ChartColumn },
            { href: '/admin/budget-management', title: 'Budgets', description: 'Set and monitor budgets by period.', icon: Calculator },
            { href: '/admin/erp-dashboards', title: 'ERP dashboards', description: 'Figures and charts drawn from the ledger.', icon: Gauge },
          ]}
        />
      </Section>
      <Section title="Operations">
        <LinkCards
          items={[
            { href: '/admin/invoicing', title: 'Invoicing', description: 'Issue invoices and follow them to payment.', icon: Receipt },
            { href: '/admin/purchase', title: 'Purchasing', description: 'Purchase requests, orders and suppliers.', icon: ShoppingCart },
            { href: '/admin/inventory', title: 'Inventory', description: 'Furniture, fittings and spares held for properties.', icon: Package },
            { href: '/admin/sales', title: 'Sales', description: 'Sales orders and property disposals.', icon: HandCoins },
            { href: '/admin/tax', title: 'Tax (VAT)', description: 'VAT periods, returns and payments.', icon: Percent },
            { href: '/admin/payroll', title: 'Payroll', description: 'Team records and monthly pay runs.', icon: Banknote },
          ]}
        />
      </Section>
    </>
  );
}
