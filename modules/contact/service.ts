import { desc, eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { type ContactInput, type ContactMessageStatus, type ContactResult, contactConfirmation } from './contract';
import { contactMessages } from './schema';

export async function submitContactMessage(db: Db, input: ContactInput): Promise<ContactResult> {
  const [row] = await db
    .insert(contactMessages)
    .values({ name: input.name, email: input.email.toLowerCase(), topic: input.topic, message: input.message })
    .returning({ id: contactMessages.id });
  return { success: true, id: row.id, message: contactConfirmation(input.name.split(/\s+/)[0]) };
}

export async function listContactMessages(db: Db, { limit = 100, offset = 0 } = {}) {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit).offset(offset);
}

/** Sets where a contact message stands (called by the inbox inside its own transaction, so pass that `tx`). */
export async function setContactMessageStatus(db: Db, id: string, status: ContactMessageStatus): Promise<void> {
  await db.update(contactMessages).set({ status }).where(eq(contactMessages.id, id));
}
