/**
 * The admin lists that read real data today, their record shapes, labels and CSV columns.
 * Waitlist: GET /api/admin/waitlist; messages: GET /api/admin/contact-messages; accounts: GET /api/admin/users.
 */
import type { CurrentUser } from '@modules/auth/contract';
import { contactTopicLabels } from '@modules/contact/contract';
import { interestLabels } from '@modules/waitlist/contract';
import type { CsvColumn } from './csv';
import { isoOrRaw } from './format';

export const WAITLIST_ENDPOINT = '/api/admin/waitlist';
export const CONTACT_MESSAGES_ENDPOINT = '/api/admin/contact-messages';
export const USERS_ENDPOINT = '/api/admin/users';

export type WaitlistEntry = { id: string; email: string; name: string | null; interest: string | null; createdAt: string };
export type ContactMessage = { id: string; name: string; email: string; topic: string; message: string; status: string; createdAt: string };
export type AdminUserRow = CurrentUser;

export const interestLabel = (i: string | null | undefined) => (i ? ((interestLabels as Record<string, string>)[i] ?? i) : '');
export const topicLabel = (t: string) => (contactTopicLabels as Record<string, string>)[t] ?? t;
/** 'new' → 'New', 'not_started' → 'Not started'. */
export const statusLabel = (s: string | null | undefined) => (s ? s.charAt(0).toUpperCase() + s.slice(1).replace(/[_-]+/g, ' ') : '');

export const waitlistCsvColumns: CsvColumn<WaitlistEntry>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Email', value: (r) => r.email },
  { header: 'Interest', value: (r) => interestLabel(r.interest) },
  { header: 'Joined (UTC)', value: (r) => isoOrRaw(r.createdAt) },
];

export const messagesCsvColumns: CsvColumn<ContactMessage>[] = [
  { header: 'Received (UTC)', value: (r) => isoOrRaw(r.createdAt) },
  { header: 'Name', value: (r) => r.name },
  { header: 'Email', value: (r) => r.email },
  { header: 'Topic', value: (r) => topicLabel(r.topic) },
  { header: 'Status', value: (r) => statusLabel(r.status) },
  { header: 'Message', value: (r) => r.message },
];

export const usersCsvColumns: CsvColumn<AdminUserRow>[] = [
  { header: 'First name', value: (r) => r.firstName },
  { header: 'Last name', value: (r) => r.lastName },
  { header: 'Email', value: (r) => r.email },
  { header: 'Unique ID', value: (r) => r.unicode },
  { header: 'Role', value: (r) => statusLabel(r.role) },
  { header: 'Verification', value: (r) => statusLabel(r.kycStatus) },
  { header: 'MFA', value: (r) => (r.mfaEnabled ? 'On' : 'Off') },
];
