import { dashboardPrefs, type DashboardPrefs } from '@vigil/contracts';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { subjectOf, type Actor } from '../../lib/actor.js';
import * as audit from '../audit/index.js';
import * as repo from './repo.js';

/** The signed-in person's dashboard, or null until they save one. */
export async function get(ctx: AppContext, actor: Actor): Promise<DashboardPrefs | null> {
  const row = await repo.findPrefs(ctx.db, actor.userId);
  if (!row) throw notFound();
  if (row.prefs === null) return null;
  // Stored by an older contract and no longer valid: the web falls back to its default layout.
  const parsed = dashboardPrefs.safeParse(row.prefs);
  return parsed.success ? parsed.data : null;
}

/** Saves the signed-in person's own dashboard. */
export async function save(
  ctx: AppContext,
  actor: Actor,
  prefs: DashboardPrefs,
): Promise<DashboardPrefs> {
  await ctx.db.transaction(async (tx) => {
    await repo.savePrefs(tx, actor.userId, prefs);
    await audit.record(tx, subjectOf(actor), {
      event: 'dashboard',
      action: 'update',
      information: `Saved the dashboard: ${prefs.visible.length} card(s) shown, ${
        prefs.locked ? 'locked' : 'unlocked'
      }`,
    });
  });
  return prefs;
}
