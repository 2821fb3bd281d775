/**
 * /admin/exchange: the operator's view of the exchange. Markets with their live books (halt, resume,
 * band), every order (cancel with a reason) and trade on the admin table, the liquidity pool's budget
 * and position, fee income by kind, the surveillance list, and recording a property's sale (exit).
 * API: modules/exchange/contract.ts (routes) and ../../admin-contract.ts (admin answers).
 */
import { ScreenIntro, Section } from '@site/components/admin/ui';
import { ExitForm } from './exit-form';
import { ExitResult } from './exit-result';
import { FeeIncome } from './fees';
import { Markets } from './markets';
import { Orders } from './orders';
import { Pool } from './pool';
import { Surveillance } from './surveillance';
import { Trades } from './trades';

export default function ExchangeAdminScreen() {
  return (
    <>
      <ScreenIntro description="The secondary market: investors trade shares of funded properties with each other every day, or sell to the liquidity pool at once. Watch the books and trades, halt a market, cancel an order, fund the pool, and pay holders when a property is sold." />
      <Markets />
      <Surveillance />
      <Orders />
      <Trades />
      <Pool />
      <FeeIncome />
      <Section
        title="Property exit"
        description="Record the sale of a funded property. Every holder on the sale date is paid pro rata to their units, less the performance fee on their profit and VAT, and the property moves to exited."
      >
        <ExitForm />
        <ExitResult />
      </Section>
    </>
  );
}
