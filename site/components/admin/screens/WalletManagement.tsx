import { Download, Landmark, Wallet } from 'lucide-react';
import { Button, RecordList, ScreenIntro, StatCard, StatGrid, notConnected } from '../ui';

export default function WalletManagement() {
  return (
    <>
      <ScreenIntro
        description="Investor wallets in AED: deposits, withdrawals, money moving into investments and rental income paid out. Confirm bank transfers and release withdrawals here."
        actions={
          <>
            <Button icon={Download} unavailable={notConnected('Wallet transactions')}>
              Export
            </Button>
            <Button variant="primary" icon={Landmark} unavailable={notConnected('Wallet transactions')}>
              Record bank transfer
            </Button>
          </>
        }
      />
      <StatGrid>
        <StatCard label="Held in investor wallets" hint="The total of all wallet balances, in AED." />
        <StatCard label="Deposits to confirm" hint="Bank transfers announced but not yet matched to a statement line." />
        <StatCard label="Withdrawals to release" hint="Requests waiting for an operator's approval." />
        <StatCard label="Payouts this month" hint="Rental income credited to wallets." />
      </StatGrid>
      <RecordList
        caption="Wallet transactions"
        search="Investor, unique ID or reference"
        filters={[
          { label: 'Type', all: 'All types', options: ['Deposit', 'Withdrawal', 'Investment', 'Rental payout', 'Fee', 'Refund'] },
          { label: 'Status', all: 'Any status', options: ['Pending', 'Completed', 'Failed', 'Reversed'] },
        ]}
        columns={[
          { key: 'ref', label: 'Reference' },
          { key: 'investor', label: 'Investor' },
          { key: 'type', label: 'Type' },
          { key: 'amount', label: 'Amount (AED)', align: 'right' },
          { key: 'method', label: 'Method' },
          { key: 'status', label: 'Status' },
          { key: 'date', label: 'Date' },
        ]}
        minWidth={860}
        empty={{
          icon: Wallet,
          title: 'No wallet transactions to show',
          body: 'Deposits, withdrawals, investments and rental payouts are listed here once investor wallets are connected to the back office.',
        }}
      />
    </>
  );
}
