import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { seedDatabase } from '@db/seed';
import { seedDemoInvesting } from '@modules/investing/seed';
import { seedDemoSip } from '@modules/sip/seed';
import { seedDemoDistributions } from '@modules/distributions/seed';
import { describeEachDb } from '@tests/helpers/db';
import { moneyTestDatabase } from '@modules/investing/test-helpers';
import { q } from '@modules/wallet';
import { seedAssistant } from './seed';

describeEachDb('assistant demo seed', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    await seedDatabase(database.db, { DEMO: '1' });
    await seedDemoInvesting(database.db);
    await seedDemoSip(database.db);
    await seedDemoDistributions(database.db);
  }, 180_000);
  afterAll(() => database.close());

  it('gives the verified demo investor one conversation answered from her own figures, once', async () => {
    expect(await seedAssistant(database.db)).toEqual({ conversations: 1 });
    expect(await seedAssistant(database.db)).toEqual({ conversations: 0 });
    const rows = await q<{ title: string; role: string; content: string }>(
      database.db,
      sql`select s.title, m.role, m.content from chat_sessions s join chat_messages m on m.session_id = s.id join users u on u.id = s.user_id
           where u.email = 'aisha.alhashimi@example.ae' order by m.created_at`,
    );
    expect(rows).toHaveLength(6);
    expect(rows[0].title).toBe('What did I earn last month?');
    expect(rows[1].content).toMatch(/rent distributions last month/);
    expect(rows[3].content).toMatch(/^Your portfolio is worth AED [\d,]+\.\d\d/);
    expect(rows[5].content).toMatch(/active SIP plan/);
  });
});
