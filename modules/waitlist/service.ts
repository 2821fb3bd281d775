import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { type JoinWaitlistInput, type JoinWaitlistResult, waitlistMessages } from './contract';
import { waitlistEntries } from './schema';

/** Stores one entry per email (case-insensitive). A repeat is a friendly no-op, never an error. */
export async function joinWaitlist(db: Db, input: JoinWaitlistInput): Promise<JoinWaitlistResult> {
  const email = input.email.toLowerCase();
  const inserted = await db
    .insert(waitlistEntries)
    .values({ email, name: input.name || null, interest: input.interest ?? null })
    .onConflictDoNothing() // the only unique key is lower(email)
    .returning({ id: waitlistEntries.id });
  return inserted.length > 0
    ? { success: true, alreadyJoined: false, message: waitlistMessages.joined }
    : { success: true, alreadyJoined: true, message: waitlistMessages.already };
}

export async function listWaitlist(db: Db, { limit = 100, offset = 0 } = {}) {
  return db.select().from(waitlistEntries).orderBy(sql`${waitlistEntries.createdAt} desc`).limit(limit).offset(offset);
}
