/**
 * A data-subject request: everything Manzil holds about one investor, as one JSON document. KYC is
 * metadata only (statuses, dates, document types); the encrypted documents themselves are not included.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { recordAudit } from '../audit';
import { kycStatusHistory } from '../kyc/schema';
import { PRODUCT_NAME } from '../platform/contract';
import { USER_SECTIONS, type UserSection } from './contract';
import { findUser, getUserDetail } from './detail';
import { allOfSection } from './sections';
import type { Actor } from './actions';

export type UserDataExport = {
  format: 'manzil.user-data.v1';
  exportedAt: string;
  exportedBy: string;
  controller: string;
} & Pick<Awaited<ReturnType<typeof getUserDetail>>, 'profile' | 'standing' | 'wallet'> & {
    kyc: (Awaited<ReturnType<typeof getUserDetail>>['kyc'] & { history: { from: string | null; to: string; note: string | null; at: string }[] }) | null;
  } & Record<UserSection, Record<string, unknown>[]>;

export async function exportUserData(db: Db, actor: Actor, id: string, reason: string): Promise<{ filename: string; body: UserDataExport }> {
  const user = await findUser(db, id);
  const detail = await getUserDetail(db, id);
  const history = await db
    .select({ from: kycStatusHistory.fromStatus, to: kycStatusHistory.toStatus, note: kycStatusHistory.note, at: kycStatusHistory.createdAt })
    .from(kycStatusHistory)
    .where(eq(kycStatusHistory.userId, id))
    .orderBy(asc(kycStatusHistory.createdAt));
  const sections = Object.fromEntries(await Promise.all(USER_SECTIONS.map(async (s) => [s, await allOfSection(db, id, s)] as const))) as Record<UserSection, Record<string, unknown>[]>;
  const exportedAt = new Date().toISOString();
  await db.transaction((tx) =>
    recordAudit(tx, {
      actorId: actor.id,
      action: 'user.data_export',
      entityType: 'user',
      entityId: id,
      summary: `Exported the data of ${user.unicode} (data-subject request): ${reason}`,
      details: { reason, userId: id, rows: Object.fromEntries(USER_SECTIONS.map((s) => [s, sections[s].length])) },
      ip: actor.ip,
    }),
  );
  return {
    filename: `manzil-user-${user.unicode}-${exportedAt.slice(0, 10)}.json`,
    body: {
      format: 'manzil.user-data.v1',
      exportedAt,
      exportedBy: actor.id,
      controller: PRODUCT_NAME,
      profile: detail.profile,
      standing: detail.standing,
      wallet: detail.wallet,
      kyc: detail.kyc ? { ...detail.kyc, history: history.map((h) => ({ from: h.from, to: h.to, note: h.note, at: h.at.toISOString() })) } : null,
      ...sections,
    },
  };
}
