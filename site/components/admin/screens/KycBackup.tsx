import { Archive, DatabaseBackup } from 'lucide-react';
import { Button, RecordList, ScreenIntro, notConnected } from '../ui';

export default function KycBackup() {
  return (
    <>
      <ScreenIntro
        description="Sealed copies of verification records, kept apart from the live review queue for audits and regulator requests. Each backup lists what it covers and how long it is retained."
        actions={
          <Button variant="primary" icon={DatabaseBackup} unavailable={notConnected('Verification record storage')}>
            Create backup
          </Button>
        }
      />
      <RecordList
        caption="Verification backups"
        filters={[{ label: 'Status', all: 'Any status', options: ['Complete', 'In progress', 'Failed'] }]}
        columns={[
          { key: 'backup', label: 'Backup' },
          { key: 'records', label: 'Records', align: 'right' },
          { key: 'covers', label: 'Covers' },
          { key: 'created', label: 'Created' },
          { key: 'by', label: 'Created by' },
          { key: 'retained', label: 'Retained until' },
          { key: 'status', label: 'Status' },
        ]}
        minWidth={820}
        empty={{
          icon: Archive,
          title: 'No backups have been created',
          body: 'Each backup is a fixed snapshot of verification decisions and documents for a period, with a checksum so it can be shown to be unchanged.',
        }}
      />
    </>
  );
}
