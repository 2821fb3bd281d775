/**
 * Communications contract, browser-safe: the inbox (a conversation per contact message) and announcements to
 * segments from templates. Input schemas with their messages, the error codes and the JSON shapes.
 */
import { z } from 'zod';
import { CURRENCY_CODES } from '../platform/contract';
import { listQuery } from '../platform/list';

export const THREAD_STATUSES = ['open', 'pending', 'closed'] as const;
export type ThreadStatus = (typeof THREAD_STATUSES)[number];
export const threadStatusLabels: Record<ThreadStatus, string> = { open: 'Open', pending: 'Pending', closed: 'Closed' };

export const SEGMENT_KINDS = ['all_investors', 'kyc_pending', 'property_holders', 'sip_active', 'inactive_90_days', 'currency'] as const;
export type SegmentKind = (typeof SEGMENT_KINDS)[number];
export const segmentLabels: Record<SegmentKind, string> = {
  all_investors: 'All investors',
  kyc_pending: 'KYC pending (not yet verified)',
  property_holders: 'Holders of a property',
  sip_active: 'With an active investment plan (SIP)',
  inactive_90_days: 'Inactive for 90 days (no sign-in)',
  currency: 'By display currency',
};

export const ANNOUNCEMENT_STATUSES = ['scheduled', 'sent', 'cancelled'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

/** The variables a template may use; {{propertyTitle}} only with the holders-of-a-property segment. */
export const TEMPLATE_VARIABLES = ['firstName', 'lastName', 'fullName', 'propertyTitle', 'currency'] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
export const variableLabels: Record<TemplateVariable, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name',
  propertyTitle: 'Property title (holders of a property)',
  currency: 'Display currency',
};
const VARIABLE_RE = /\{\{\s*([A-Za-z]+)\s*\}\}/g;
/** The variable names a text uses, in order of first use. */
export const variablesIn = (text: string): string[] => [...new Set([...text.matchAll(VARIABLE_RE)].map((m) => m[1]!))];
/** Fills {{variables}}; an unknown or missing one becomes empty. */
export const fillTemplate = (text: string, values: Partial<Record<TemplateVariable, string>>): string =>
  text.replace(VARIABLE_RE, (_, name: string) => values[name as TemplateVariable] ?? '');

export const communicationsErrorCodes = {
  threadNotFound: 'thread_not_found',
  templateNotFound: 'template_not_found',
  announcementNotFound: 'announcement_not_found',
  assigneeNotStaff: 'assignee_not_staff',
  announcementNotScheduled: 'announcement_not_scheduled',
  emptySegment: 'segment_empty',
  inboundUnmatched: 'inbound_unmatched',
  duplicateTemplate: 'duplicate_template_name',
  invalidUnsubscribe: 'invalid_unsubscribe_token',
} as const;

export const messages = {
  text: (what: string, max: number) => `${what} must be text of 1 to ${max.toLocaleString('en-US')} characters.`,
  nul: 'Text may not contain NUL characters.',
  email: 'Enter a valid email address.',
  status: `status must be one of: ${THREAD_STATUSES.join(', ')}.`,
  assignee: 'assigneeId must be the id of a staff member, or null.',
  segment: `segment.kind must be one of: ${SEGMENT_KINDS.join(', ')}.`,
  property: 'Choose the property whose holders receive it (segment.propertyId).',
  currency: `segment.currency must be one of: ${CURRENCY_CODES.join(', ')}.`,
  channels: 'Send it in the app, by email, or both.',
  sendAt: 'sendAt must be a date and time with its time zone (ISO 8601), within a year from now.',
  sendAtPast: 'A scheduled time must be in the future; leave it out to send now.',
  unknownVariable: (v: string) => `{{${v}}} is not a template variable. Use: ${TEMPLATE_VARIABLES.map((x) => `{{${x}}}`).join(', ')}.`,
  propertyVariable: '{{propertyTitle}} is only available when sending to the holders of a property.',
  id: 'That is not a valid id.',
  token: 'That unsubscribe link is not valid. Use the link from the email exactly as it was sent.',
} as const;

const text = (what: string, max: number) =>
  z
    .string({ error: messages.text(what, max) })
    .trim()
    .min(1, messages.text(what, max))
    .max(max, messages.text(what, max))
    .refine((s) => !s.includes('\u0000'), messages.nul);

const knownVariables = (s: string) => variablesIn(s).every((v) => (TEMPLATE_VARIABLES as readonly string[]).includes(v));
const variableIssue = (s: string) => variablesIn(s).find((v) => !(TEMPLATE_VARIABLES as readonly string[]).includes(v));
const templated = (what: string, max: number) =>
  text(what, max).superRefine((s, ctx) => {
    if (!knownVariables(s)) ctx.addIssue({ code: 'custom', message: messages.unknownVariable(variableIssue(s)!) });
  });

export const idParam = z.object({ id: z.uuid({ error: messages.id }) });

// ——— Inbox ———

export const threadsListQuery = listQuery({
  sort: ['createdAt', 'lastActivityAt', 'name', 'status'],
  defaultSort: '-lastActivityAt',
  filters: {
    status: z.enum(THREAD_STATUSES, { error: messages.status }).optional(),
    /** 'me', 'none' or a staff member's id. */
    assignee: z.union([z.enum(['me', 'none']), z.uuid()], { error: "assignee is 'me', 'none' or a staff member's id." }).optional(),
    unread: z.enum(['true', 'false'], { error: 'unread is true or false.' }).optional(),
  },
});
export type ThreadsListQuery = z.output<typeof threadsListQuery>;

export const replyInput = z.object({ body: text('The reply', 10_000) });
export const updateThreadInput = z
  .object({
    status: z.enum(THREAD_STATUSES, { error: messages.status }).optional(),
    assigneeId: z.uuid({ error: messages.assignee }).nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.assigneeId !== undefined, 'Send a status, an assigneeId, or both.');
export type UpdateThreadInput = z.infer<typeof updateThreadInput>;

/** A reply received by email (a mail provider's inbound webhook, or staff pasting one in). */
export const inboundInput = z.object({
  from: z.email({ error: messages.email }).max(254, messages.email),
  subject: text('subject', 500),
  text: text('text', 50_000),
  inReplyTo: z.string({ error: 'inReplyTo must be a Message-ID.' }).trim().max(500, 'inReplyTo is too long.').refine((s) => !s.includes('\u0000'), messages.nul).optional(),
});
export type InboundInput = z.infer<typeof inboundInput>;

// ——— Segments, templates, announcements ———

export const segmentSchema = z
  .object({
    kind: z.enum(SEGMENT_KINDS, { error: messages.segment }),
    propertyId: z.uuid({ error: messages.property }).optional(),
    currency: z.enum(CURRENCY_CODES, { error: messages.currency }).optional(),
  })
  .superRefine((s, ctx) => {
    if (s.kind === 'property_holders' && !s.propertyId) ctx.addIssue({ code: 'custom', path: ['propertyId'], message: messages.property });
    if (s.kind === 'currency' && !s.currency) ctx.addIssue({ code: 'custom', path: ['currency'], message: messages.currency });
  });
export type Segment = z.infer<typeof segmentSchema>;

/** GET /recipients: the same segment as query parameters. */
export const segmentQuery = z.object({
  kind: z.enum(SEGMENT_KINDS, { error: messages.segment }),
  propertyId: z.uuid({ error: messages.property }).optional(),
  currency: z.enum(CURRENCY_CODES, { error: messages.currency }).optional(),
});

export const templateInput = z.object({ name: text('The name', 120), subject: templated('The subject', 200), body: templated('The message', 10_000) });
export const updateTemplateInput = templateInput.partial().refine((v) => Object.keys(v).length > 0, 'Send a name, subject or body to change.');
export type TemplateInput = z.infer<typeof templateInput>;

const YEAR_MS = 366 * 86_400_000;
export const announcementInput = z
  .object({
    subject: templated('The subject', 200),
    body: templated('The message', 10_000),
    templateId: z.uuid({ error: messages.id }).nullable().optional(),
    segment: segmentSchema,
    inApp: z.boolean({ error: 'inApp is true or false.' }).default(true),
    email: z.boolean({ error: 'email is true or false.' }).default(true),
    sendAt: z.iso
      .datetime({ offset: true, error: messages.sendAt })
      .refine((s) => Date.parse(s) < Date.now() + YEAR_MS, messages.sendAt)
      .nullable()
      .optional(),
  })
  .superRefine((a, ctx) => {
    if (!a.inApp && !a.email) ctx.addIssue({ code: 'custom', path: ['email'], message: messages.channels });
    const usesProperty = [...variablesIn(a.subject), ...variablesIn(a.body)].includes('propertyTitle');
    if (usesProperty && a.segment.kind !== 'property_holders') ctx.addIssue({ code: 'custom', path: ['body'], message: messages.propertyVariable });
  });
export type AnnouncementInput = z.infer<typeof announcementInput>;

export const announcementsListQuery = listQuery({
  sort: ['createdAt', 'sendAt', 'subject', 'status'],
  defaultSort: '-createdAt',
  filters: { status: z.enum(ANNOUNCEMENT_STATUSES, { error: `status must be one of: ${ANNOUNCEMENT_STATUSES.join(', ')}.` }).optional() },
});
export type AnnouncementsListQuery = z.output<typeof announcementsListQuery>;
export const templatesListQuery = listQuery({ sort: ['name', 'createdAt', 'updatedAt'], defaultSort: 'name' });
export type TemplatesListQuery = z.output<typeof templatesListQuery>;

export const unsubscribeInput = z.object({ token: z.string({ error: messages.token }).trim().min(10, messages.token).max(300, messages.token).regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, messages.token) });

// ——— JSON ———

export type StaffJson = { id: string; name: string; email: string };
export type ThreadJson = {
  id: string;
  name: string;
  email: string;
  topic: string;
  message: string;
  status: ThreadStatus;
  assignee: StaffJson | null;
  unread: boolean;
  replies: number;
  createdAt: string;
  lastActivityAt: string;
};
export type ThreadMessageJson = {
  id: string;
  direction: 'inbound' | 'outbound';
  author: string;
  fromEmail: string;
  subject: string;
  body: string;
  messageId: string;
  inReplyTo: string | null;
  outboxStatus: string | null;
  createdAt: string;
};
export type ThreadDetailJson = ThreadJson & { messages: ThreadMessageJson[] };

export type TemplateJson = { id: string; name: string; subject: string; body: string; variables: string[]; createdAt: string; updatedAt: string };
export type DeliveryFiguresJson = {
  recipients: number;
  inAppDelivered: number;
  emailsQueued: number;
  emailsSent: number;
  emailsFailed: number;
  skippedByPreference: number;
};
export type AnnouncementJson = {
  id: string;
  subject: string;
  body: string;
  templateId: string | null;
  segment: Segment;
  segmentLabel: string;
  inApp: boolean;
  email: boolean;
  status: AnnouncementStatus;
  sendAt: string | null;
  sentAt: string | null;
  createdAt: string;
  figures: DeliveryFiguresJson;
};
export type RecipientCountJson = { segment: Segment; segmentLabel: string; count: number };
