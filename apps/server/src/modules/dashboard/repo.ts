import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** The person's stored dashboard preferences (jsonb), undefined when there is no such person. */
export async function findPrefs(
  db: Executor,
  userId: string,
): Promise<{ prefs: unknown } | undefined> {
  const [row] = await db
    .select({ prefs: users.dashboardPrefs })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function savePrefs(db: Executor, userId: string, prefs: unknown): Promise<void> {
  await db
    .update(users)
    .set({ dashboardPrefs: prefs, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
