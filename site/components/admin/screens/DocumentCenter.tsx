import { FolderOpen, Upload } from 'lucide-react';
import { Button, RecordList, ScreenIntro, notConnected } from '../ui';

export default function DocumentCenter() {
  return (
    <>
      <ScreenIntro
        description="Every document on file: identity papers uploaded during verification, and the paperwork behind each property such as title deeds and SPV agreements. Track expiry dates before they lapse."
        actions={
          <Button variant="primary" icon={Upload} unavailable={notConnected('Document storage')}>
            Upload document
          </Button>
        }
      />
      <RecordList
        caption="Documents"
        search="Document name or owner"
        filters={[
          { label: 'Type', all: 'All types', options: ['Passport', 'Emirates ID', 'Proof of address', 'Title deed', 'SPV agreement', 'Investor statement'] },
          { label: 'Status', all: 'Any status', options: ['Valid', 'Expiring within 30 days', 'Expired', 'Rejected'] },
        ]}
        columns={[
          { key: 'doc', label: 'Document' },
          { key: 'owner', label: 'Belongs to' },
          { key: 'type', label: 'Type' },
          { key: 'uploaded', label: 'Uploaded' },
          { key: 'expires', label: 'Expires' },
          { key: 'status', label: 'Status' },
        ]}
        empty={{
          icon: FolderOpen,
          title: 'No documents on file',
          body: 'Identity documents from the verification flow and property paperwork are filed here, with who they belong to and when they expire.',
        }}
      />
    </>
  );
}
