import { z } from 'zod';
import { listQuery } from '../platform/list';

export const INTERESTS = ['manual', 'sip', 'both', 'learning'] as const;
export const interestLabels: Record<(typeof INTERESTS)[number], string> = {
  manual: 'Choosing properties myself',
  sip: 'A monthly SIP from AED 200',
  both: 'Both',
  learning: 'Just learning for now',
};

export const emailSchema = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

export const joinWaitlistInput = z.object({
  email: emailSchema,
  name: z.string({ error: 'Name must be text' }).trim().max(100, 'Name must be at most 100 characters').optional(),
  interest: z.enum(INTERESTS, { error: `Interest must be one of: ${INTERESTS.join(', ')}` }).optional(),
});
export type JoinWaitlistInput = z.infer<typeof joinWaitlistInput>;

export type JoinWaitlistResult = { success: true; alreadyJoined: boolean; message: string };

export const waitlistMessages = {
  joined: "You're on the list. We'll email you as soon as new properties open for funding.",
  already: "You're already on our waitlist — we'll be in touch as soon as new properties open.",
} as const;

/** Admin: GET /api/admin/waitlist and /export, on the one list contract (modules/platform/list.ts). */
export const adminWaitlistQuery = listQuery({
  sort: ['createdAt', 'email', 'name', 'interest'],
  defaultSort: '-createdAt',
  filters: { interest: z.enum(INTERESTS, { error: `interest must be one of: ${INTERESTS.join(', ')}` }).optional() },
});
export type AdminWaitlistQuery = z.output<typeof adminWaitlistQuery>;
export type WaitlistEntryJson = { id: string; email: string; name: string | null; interest: string | null; createdAt: string };
