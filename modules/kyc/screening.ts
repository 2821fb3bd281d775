/**
 * Sanctions and PEP screening against lists administrators upload as CSV. A hit flags the KYC
 * application for review instead of letting it be approved silently.
 *
 *   screenApplicant(tx, { userId, fullName, dateOfBirth?, nationality? })  at KYC submission: screens and,
 *       when flagged, tells the operators (notifyAdmins 'screening_hit', inside the same transaction)
 *   checkName(db, { name, dateOfBirth?, nationality? })                    the admin "try a name" tool (no side effects)
 */
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { badRequest, conflict, notFound } from '@api/errors';
import { allOf, allRows, countAll, listPage, orderBy, searchWhere, type CsvCell } from '@api/list';
import type { ListResult } from '../platform/list';
import { recordAudit } from '../audit';
import { users } from '../auth/schema';
import { notifyAdmins } from '../notifications';
import {
  MATCH_THRESHOLD,
  parseScreeningCsv,
  screeningMessages,
  scorePercent,
  type ParsedScreeningEntry,
  type ScreeningCategory,
  type ScreeningEntryJson,
  type ScreeningHit,
  type ScreeningListDetailJson,
  type ScreeningListJson,
  type ScreeningEntriesQuery,
  type ScreeningListsQuery,
  type ScreeningResult,
  type ScreeningRisk,
} from './screening-contract';
import { isHit, nameTokens, scoreCandidate, type MatchCandidate } from './screening-match';
import { screeningEntries, screeningLists } from './screening-schema';

export type ScreenSubject = { fullName: string; dateOfBirth?: string | null; nationality?: string | null };
export type ScreenApplicantInput = ScreenSubject & { userId: string };

const MAX_HITS = 10;

type LoadedEntry = MatchCandidate & { id: string; listId: string; listName: string; name: string; reference: string | null };

/** Entries normalised once per list version (a list changes only by upload, replace or delete). */
const cache = new Map<string, { stamp: string; entries: LoadedEntry[] }>();

async function loadEntries(db: Db): Promise<LoadedEntry[]> {
  const lists = await db.select({ id: screeningLists.id, name: screeningLists.name, updatedAt: screeningLists.updatedAt }).from(screeningLists);
  const out: LoadedEntry[] = [];
  for (const list of lists) {
    const stamp = `${list.updatedAt.toISOString()}|${list.name}`;
    let cached = cache.get(list.id);
    if (!cached || cached.stamp !== stamp) {
      const rows = await db.select().from(screeningEntries).where(eq(screeningEntries.listId, list.id));
      cached = {
        stamp,
        entries: rows.map((r) => ({
          id: r.id,
          listId: list.id,
          listName: list.name,
          name: r.name,
          reference: r.reference,
          dateOfBirth: r.dateOfBirth,
          nationality: r.nationality,
          category: r.category as ScreeningCategory,
          names: [r.name, ...r.aliases].map((text) => ({ text, tokens: nameTokens(text) })),
        })),
      };
      cache.set(list.id, cached);
    }
    out.push(...cached.entries);
  }
  for (const id of cache.keys()) if (!lists.some((l) => l.id === id)) cache.delete(id);
  return out;
}

const riskOf = (hits: ScreeningHit[]): ScreeningRisk =>
  hits.some((h) => h.category === 'sanctions') ? 'high' : hits.length ? 'medium' : 'low';

/** Screens a name against every list. No side effects. */
export async function checkName(db: Db, subject: ScreenSubject): Promise<ScreeningResult> {
  const entries = await loadEntries(db);
  const tokens = nameTokens(subject.fullName);
  const hits: ScreeningHit[] = [];
  for (const entry of entries) {
    const { score, matchedOn, reasons } = scoreCandidate({ tokens, dateOfBirth: subject.dateOfBirth, nationality: subject.nationality }, entry);
    if (!isHit(score)) continue;
    hits.push({
      entryId: entry.id,
      listId: entry.listId,
      listName: entry.listName,
      name: entry.name,
      score,
      matchedOn,
      category: entry.category,
      reference: entry.reference,
      dateOfBirth: entry.dateOfBirth,
      nationality: entry.nationality,
      reasons,
    });
  }
  hits.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
  const top = hits.slice(0, MAX_HITS);
  return { hits: top, flagged: top.length > 0, risk: riskOf(top), threshold: MATCH_THRESHOLD, entriesChecked: entries.length, screenedAt: new Date().toISOString() };
}

/**
 * Screens a KYC applicant. When a name matches, the operators are notified (kind 'screening_hit',
 * linking to the application) inside the caller's transaction; the caller stores the result and
 * keeps the application from being approved without an override.
 */
export async function screenApplicant(tx: Db, input: ScreenApplicantInput, opts: { notify?: boolean } = {}): Promise<ScreeningResult> {
  const result = await checkName(tx, input);
  if (result.flagged && opts.notify !== false) {
    const top = result.hits[0];
    const more = result.hits.length > 1 ? ` and ${result.hits.length - 1} more` : '';
    await notifyAdmins(tx, {
      kind: 'screening_hit',
      title: `Screening hit: ${input.fullName}`,
      body: `${input.fullName} matches "${top.matchedOn}" on ${top.listName} (${top.category === 'pep' ? 'PEP' : 'sanctions'}, ${scorePercent(top.score)})${more}. The KYC application is held for review.`,
      link: `/admin/kyc?application=${input.userId}`,
    });
  }
  return result;
}

// ——— Lists ———

async function listJson(db: Db, where?: SQL, page: { order?: SQL[]; limit?: number; offset?: number } = {}): Promise<ScreeningListJson[]> {
  const rows = await db
    .select({
      id: screeningLists.id,
      name: screeningLists.name,
      source: screeningLists.source,
      entryCount: screeningLists.entryCount,
      createdAt: screeningLists.createdAt,
      updatedAt: screeningLists.updatedAt,
      uploaderId: users.id,
      uploaderFirst: users.firstName,
      uploaderLast: users.lastName,
      sanctions: sql<number>`(select count(*) from ${screeningEntries} e where e.list_id = ${screeningLists.id} and e.category = 'sanctions')`.mapWith(Number),
    })
    .from(screeningLists)
    .leftJoin(users, eq(users.id, screeningLists.uploadedBy))
    .where(where)
    .orderBy(...(page.order ?? [asc(sql`lower(${screeningLists.name})`)]))
    .limit(page.limit ?? 1000)
    .offset(page.offset ?? 0);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    source: r.source === 'demo' ? 'demo' : 'upload',
    entryCount: r.entryCount,
    sanctionsCount: r.sanctions,
    pepCount: r.entryCount - r.sanctions,
    uploadedBy: r.uploaderId ? { id: r.uploaderId, name: `${r.uploaderFirst ?? ''} ${r.uploaderLast ?? ''}`.trim() } : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

const LIST_SORT = { name: sql`lower(${screeningLists.name})`, entries: screeningLists.entryCount, createdAt: screeningLists.createdAt, updatedAt: screeningLists.updatedAt };

/** What a person types: the list's name, or the name of who uploaded it. */
const listsWhere = (q: ScreeningListsQuery): SQL | undefined =>
  allOf(searchWhere(q.q, [screeningLists.name, users.firstName, users.lastName]), q.source && eq(screeningLists.source, q.source));

const listsPage = (db: Db, q: ScreeningListsQuery, limit: number, offset: number) => listJson(db, listsWhere(q), { order: orderBy(q.sort, LIST_SORT, screeningLists.id), limit, offset });

/** GET /api/admin/screening/lists: the lists on the one list contract (search, source, sort and paging in SQL). */
export function listScreeningLists(db: Db, q: ScreeningListsQuery): Promise<ListResult<ScreeningListJson>> {
  return listPage(
    listsPage(db, q, q.limit, q.offset),
    db
      .select({ n: countAll })
      .from(screeningLists)
      .leftJoin(users, eq(users.id, screeningLists.uploadedBy))
      .where(listsWhere(q))
      .then(([r]) => r?.n ?? 0),
  );
}

export const SCREENING_LISTS_CSV_HEADER = ['List', 'Source', 'Entries', 'Sanctions', 'PEP', 'Uploaded by', 'Created (UTC)', 'Updated (UTC)'];

/** Every list of the same query, as CSV rows (the lists, not their entries). */
export async function* screeningListCsvRows(db: Db, q: ScreeningListsQuery): AsyncGenerator<CsvCell[]> {
  for await (const l of allRows((limit, offset) => listsPage(db, q, limit, offset))) {
    yield [l.name, l.source, l.entryCount, l.sanctionsCount, l.pepCount, l.uploadedBy?.name ?? null, l.createdAt, l.updatedAt];
  }
}

export async function getScreeningList(db: Db, id: string, q: { limit?: number; offset?: number; q?: string } = {}): Promise<ScreeningListDetailJson> {
  const [list] = await listJson(db, eq(screeningLists.id, id));
  if (!list) throw notFound(screeningMessages.listNotFound, 'screening_list_not_found');
  const search = q.q?.trim();
  const where = search
    ? and(eq(screeningEntries.listId, id), or(ilike(screeningEntries.name, `%${search}%`), ilike(sql`${screeningEntries.aliases}::text`, `%${search}%`), ilike(screeningEntries.reference, `%${search}%`)))
    : eq(screeningEntries.listId, id);
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(screeningEntries).where(where).orderBy(asc(screeningEntries.line), asc(screeningEntries.name)).limit(q.limit ?? 50).offset(q.offset ?? 0),
    db.select({ n: count() }).from(screeningEntries).where(where),
  ]);
  const entries = rows.map(entryJson);
  return { ...list, entries, entriesTotal: Number(n) };
}

const entryJson = (r: typeof screeningEntries.$inferSelect): ScreeningEntryJson => ({
  id: r.id,
  name: r.name,
  aliases: r.aliases,
  dateOfBirth: r.dateOfBirth,
  nationality: r.nationality,
  category: r.category as ScreeningCategory,
  reference: r.reference,
  line: r.line,
});

const ENTRY_SORT = { line: screeningEntries.line, name: sql`lower(${screeningEntries.name})`, category: screeningEntries.category };

/** What a person types: the listed name, an alias, the reference. */
const entriesWhere = (listId: string, q: ScreeningEntriesQuery): SQL | undefined =>
  allOf(
    eq(screeningEntries.listId, listId),
    searchWhere(q.q, [screeningEntries.name, sql`${screeningEntries.aliases}::text`, screeningEntries.reference]),
    q.category && eq(screeningEntries.category, q.category),
  );

const entriesPage = (db: Db, listId: string, q: ScreeningEntriesQuery, limit: number, offset: number) =>
  db
    .select()
    .from(screeningEntries)
    .where(entriesWhere(listId, q))
    .orderBy(...orderBy(q.sort, ENTRY_SORT, screeningEntries.id))
    .limit(limit)
    .offset(offset)
    .then((rows) => rows.map(entryJson));

async function requireList(db: Db, id: string) {
  const [list] = await db.select({ id: screeningLists.id }).from(screeningLists).where(eq(screeningLists.id, id));
  if (!list) throw notFound(screeningMessages.listNotFound, 'screening_list_not_found');
}

/** GET /api/admin/screening/lists/:id/entries: one list's entries on the one list contract. */
export async function listScreeningEntries(db: Db, listId: string, q: ScreeningEntriesQuery): Promise<ListResult<ScreeningEntryJson>> {
  await requireList(db, listId);
  return listPage(
    entriesPage(db, listId, q, q.limit, q.offset),
    db
      .select({ n: countAll })
      .from(screeningEntries)
      .where(entriesWhere(listId, q))
      .then(([r]) => r?.n ?? 0),
  );
}

export const SCREENING_ENTRIES_CSV_HEADER = ['Line', 'Name', 'Aliases', 'Date of birth', 'Nationality', 'Category', 'Reference'];

/** Every entry of one list for the same query, as CSV rows (the list is checked first: an unknown id is a 404, not an empty file). */
export async function screeningEntryCsvRows(db: Db, listId: string, q: ScreeningEntriesQuery): Promise<AsyncGenerator<CsvCell[]>> {
  await requireList(db, listId);
  return (async function* () {
    for await (const e of allRows((limit, offset) => entriesPage(db, listId, q, limit, offset))) {
      yield [e.line, e.name, e.aliases.join('; '), e.dateOfBirth, e.nationality, e.category, e.reference];
    }
  })();
}

async function insertEntries(db: Db, listId: string, entries: ParsedScreeningEntry[]) {
  for (let i = 0; i < entries.length; i += 1000) {
    await db.insert(screeningEntries).values(entries.slice(i, i + 1000).map((e) => ({ listId, ...e })));
  }
}

/**
 * Uploads a list from CSV (all rows valid, or nothing is stored). With replace, a list of the same
 * name gets the new rows in place of its old ones. Audited.
 */
export async function uploadScreeningList(
  db: Db,
  input: { name: string; csv: string; replace?: boolean },
  actor: { id: string | null; ip?: string | null },
  source: 'upload' | 'demo' = 'upload',
): Promise<ScreeningListJson> {
  const { entries, errors } = parseScreeningCsv(input.csv);
  if (errors.length) throw badRequest(screeningMessages.csvInvalid(errors.length), 'csv_invalid', { errors: errors.slice(0, 200), errorCount: errors.length });
  const name = input.name.trim();
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(screeningLists).where(sql`lower(${screeningLists.name}) = ${name.toLowerCase()}`).for('update');
    let listId: string;
    if (existing) {
      if (!input.replace) throw conflict(screeningMessages.listExists(existing.name), 'screening_list_exists');
      await tx.delete(screeningEntries).where(eq(screeningEntries.listId, existing.id));
      await tx
        .update(screeningLists)
        .set({ name, entryCount: entries.length, uploadedBy: actor.id, source, updatedAt: sql`clock_timestamp()` })
        .where(eq(screeningLists.id, existing.id));
      listId = existing.id;
    } else {
      const [row] = await tx.insert(screeningLists).values({ name, source, entryCount: entries.length, uploadedBy: actor.id }).returning({ id: screeningLists.id });
      listId = row.id;
    }
    await insertEntries(tx, listId, entries);
    const counts = { sanctions: entries.filter((e) => e.category === 'sanctions').length, pep: entries.filter((e) => e.category === 'pep').length };
    await recordAudit(tx, {
      actorId: actor.id,
      action: existing ? 'screening.list_replace' : 'screening.list_upload',
      entityType: 'screening_list',
      entityId: listId,
      summary: existing
        ? `Replaced screening list "${name}": ${entries.length} entries (previously ${existing.entryCount})`
        : `Uploaded screening list "${name}" with ${entries.length} entries`,
      details: { name, entries: entries.length, ...counts, previousEntries: existing?.entryCount ?? null, source },
      ip: actor.ip ?? null,
    });
    const [json] = await listJson(tx, eq(screeningLists.id, listId));
    return json;
  });
}

export async function deleteScreeningList(db: Db, id: string, actor: { id: string; ip?: string | null }) {
  return db.transaction(async (tx) => {
    const [list] = await tx.select().from(screeningLists).where(eq(screeningLists.id, id)).for('update');
    if (!list) throw notFound(screeningMessages.listNotFound, 'screening_list_not_found');
    await tx.delete(screeningLists).where(eq(screeningLists.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'screening.list_delete',
      entityType: 'screening_list',
      entityId: id,
      summary: `Deleted screening list "${list.name}" (${list.entryCount} entries)`,
      details: { name: list.name, entries: list.entryCount, source: list.source },
      ip: actor.ip ?? null,
    });
    return { success: true, message: `The list "${list.name}" and its ${list.entryCount} entries were deleted. New applications are no longer screened against it.` };
  });
}

// ——— Demo list ———

export const DEMO_LIST_NAME = 'Demo watchlist (fictitious names)';

/**
 * Twenty invented people, so screening works on a fresh install. None of these names belongs to a real
 * listed person; the references say DEMO. Replace or delete this list before going live.
 */
export const DEMO_LIST_CSV = `name,aliases,date_of_birth,nationality,category,reference
Karim Al-Mirqadi,Abu Faris; K. Mirqadi,1968-04-12,AE,sanctions,DEMO-001
Zubayr ibn Qasimoun,Zubair Kasimun,1975,OM,sanctions,DEMO-002
Fadila bint Harouzan,Fadeela Haruzan,1981-09-03,KW,pep,DEMO-003
Tarquin Ostrowenko,T. Ostrovenko,1959-01-27,CY,sanctions,DEMO-004
Abdulwahid El-Sharqawin,Abd al-Wahid Sharqawin,1972-11-30,EG,sanctions,DEMO-005
Marisol Quenteveda,,1966,PA,pep,DEMO-006
Yusuf Darbandikhan,Yousef Darbandi-Khan; Abu Yahya,1979-06-18,IQ,sanctions,DEMO-007
Liesbeth Vandermolenaar,,1970-02-14,NL,pep,DEMO-008
Hamdan bin Rashoudi Al-Zafrani,Hamdan Zafrani,1963-08-08,AE,pep,DEMO-009
Oluwaseun Adebanjo-Kwarteng,,1984-12-01,NG,sanctions,DEMO-010
Nikolai Vetrogradsky,Nikolay Vetrogradski,1957,RU,sanctions,DEMO-011
Samira Al-Khuzaymi,Sameera Khuzaimi,1988-03-22,BH,pep,DEMO-012
Draven Holloway-Pritchett,,1977-07-07,GB,sanctions,DEMO-013
Mehmet Karaboyunlu,Muhammad Karaboyunlu,1969-10-10,TR,sanctions,DEMO-014
Ines Castelbranco Moura,,1973,PT,pep,DEMO-015
Rashid ibn Tawfiqun Al-Baraqi,Rashed Baraqi; Abu Tawfiq,1961-05-05,YE,sanctions,DEMO-016
Chen Weilongtai,Wei-Long Tai Chen,1980-01-19,SG,pep,DEMO-017
Anouk Derveaux-Blanchard,,1986-04-04,FR,pep,DEMO-018
Salim Abdelqadirun,Salem Abd el-Kadirun,1974-02-20,SD,sanctions,DEMO-019
Farouq Al-Nuwaysiri,Faruq Nuwaisiri; F. Al Nuwaysiri,1965,JO,sanctions,DEMO-020
`;

/** Adds the demo list on a fresh install (once: a deleted demo list is not brought back). */
export async function seedDemoScreeningList(db: Db) {
  const [{ n }] = await db.select({ n: count() }).from(screeningLists);
  if (n > 0) return;
  await uploadScreeningList(db, { name: DEMO_LIST_NAME, csv: DEMO_LIST_CSV }, { id: null }, 'demo');
}
