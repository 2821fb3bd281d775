import { z } from 'zod';
import { listQuery } from '../platform/list';
import { emailSchema } from '../waitlist/contract';

export const CONTACT_TOPICS = ['general', 'investing', 'verification', 'account', 'partnership', 'press'] as const;
export const contactTopicLabels: Record<(typeof CONTACT_TOPICS)[number], string> = {
  general: 'General question',
  investing: 'Investing and properties',
  verification: 'Identity verification (KYC)',
  account: 'My account or wallet',
  partnership: 'List a property / partnership',
  press: 'Press and media',
};

export const contactInput = z.object({
  name: z.string({ error: 'Please tell us your name' }).trim().min(2, 'Name must be at least 2 characters').max(100, 'Name must be at most 100 characters'),
  email: emailSchema,
  topic: z.enum(CONTACT_TOPICS, { error: 'Please choose a topic' }),
  message: z
    .string({ error: 'Please write a message' })
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(5000, 'Message must be at most 5,000 characters'),
});
export type ContactInput = z.infer<typeof contactInput>;
export type ContactResult = { success: true; id: string; message: string };

export const contactConfirmation = (name: string) =>
  `Thank you, ${name}. We received your message and will reply by email within one business day.`;

/**
 * Where a contact message stands with staff (contact_messages.status). The inbox (modules/communications) writes
 * it back from the conversation, in the transaction that changes the conversation:
 *   new      nobody has answered it yet (the conversation is open without a staff reply)
 *   open     answered before and waiting for staff again (the sender wrote back, or staff reopened it)
 *   replied  waiting for the sender (the conversation is pending after a staff reply)
 *   closed   the conversation is closed
 */
export const CONTACT_MESSAGE_STATUSES = ['new', 'open', 'replied', 'closed'] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];
export const contactStatusLabels: Record<ContactMessageStatus, string> = { new: 'New', open: 'Open', replied: 'Replied', closed: 'Closed' };

/** Admin: GET /api/admin/contact-messages and /export, on the one list contract (modules/platform/list.ts). */
export const adminContactMessagesQuery = listQuery({
  sort: ['createdAt', 'name', 'email', 'topic', 'status'],
  defaultSort: '-createdAt',
  filters: {
    topic: z.enum(CONTACT_TOPICS, { error: `topic must be one of: ${CONTACT_TOPICS.join(', ')}` }).optional(),
    status: z.enum(CONTACT_MESSAGE_STATUSES, { error: `status must be one of: ${CONTACT_MESSAGE_STATUSES.join(', ')}` }).optional(),
  },
});
export type AdminContactMessagesQuery = z.output<typeof adminContactMessagesQuery>;
export type ContactMessageJson = { id: string; name: string; email: string; topic: string; message: string; status: string; createdAt: string };
