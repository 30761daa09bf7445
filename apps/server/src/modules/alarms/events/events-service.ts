import {
  signatureMeaningTexts,
  type AlarmComment,
  type FavouriteComment,
  type SignatureMeaning,
} from '@vigil/contracts';
import type { AppContext } from '../../../context.js';
import { conflict, notFound } from '../../../errors.js';
import { subjectOf, type Actor } from '../../../lib/actor.js';
import * as audit from '../../audit/index.js';
import { assignedToOf, ownAccount, type Scope } from '../../../lib/scope.js';
import { verifyOwnPassword } from '../../auth/index.js';
import * as repo from './events-repo.js';
import type { AlarmScope } from './repo.js';

const alarmScope = (scope: Scope): AlarmScope => ({
  accountId: ownAccount(scope).accountId,
  assignedTo: assignedToOf(scope),
});

function toComment(row: repo.CommentRow): AlarmComment {
  return {
    id: row.id,
    comment: row.comment,
    author: row.author,
    isAcknowledgement: row.isAcknowledgement,
    createdAt: row.createdAt.toISOString(),
  };
}

async function visibleEvent(ctx: AppContext, scope: Scope, id: string) {
  const event = await repo.findEvent(ctx.db, alarmScope(scope), id);
  if (!event) throw notFound();
  return event;
}

const describe = (event: repo.EventRow) =>
  `alarm "${event.alarmName}" (${event.type}) on ${event.deviceName} (${event.hardwareId})`;

/** Tells the browsers that the event changed: recent alarm lists fetch again. */
function announce(ctx: AppContext, event: repo.EventRow, state: 'acknowledged' | 'changed') {
  ctx.realtime.emitAlarm(
    'alarmData',
    { accountId: event.accountId, deviceId: event.deviceId },
    { deviceId: event.deviceId, alarmId: event.alarmId, alarmType: event.type, state },
  );
}

/**
 * DESIGN.md 9: an alarm event is acknowledged with a comment, the person's own password and
 * the meaning of the signature — an electronic signature. A wrong password changes nothing;
 * re-notification and escalation stop once `acknowledged_at` is set, whether the event is still
 * out of range or recovered. The meaning is kept with the event and in the audit trail.
 */
export async function acknowledge(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
  body: { comment: string; password: string; meaning: SignatureMeaning },
) {
  const event = await visibleEvent(ctx, scope, id);
  if (event.acknowledgedAt !== null) throw conflict('alarmAlreadyAcknowledged');
  await verifyOwnPassword(ctx, actor, body.password, {
    event: 'alarm',
    action: 'acknowledge',
    reason: `to acknowledge ${describe(event)}`,
  });
  const result = await ctx.db.transaction(async (tx) => {
    const at = await repo.markAcknowledged(tx, event.accountId, event.id, {
      userId: actor.userId,
      meaning: body.meaning,
      at: new Date(),
    });
    if (at === undefined) throw conflict('alarmAlreadyAcknowledged');
    const comment = await repo.insertComment(tx, {
      alarmEventId: event.id,
      userId: actor.userId,
      comment: body.comment,
      isAcknowledgement: true,
    });
    await audit.record(tx, subjectOf(actor), {
      event: 'alarm',
      action: 'acknowledge',
      information: `Acknowledged ${describe(event)}, signed as "${signatureMeaningTexts[body.meaning]}", with the comment: ${body.comment}`,
    });
    return { at, comment };
  });
  announce(ctx, event, 'acknowledged');
  return {
    id: event.id,
    state: event.clearedAt === null ? ('acknowledged' as const) : ('recovered' as const),
    acknowledgedAt: result.at.toISOString(),
    acknowledgedBy: result.comment.author ?? actor.email,
    meaning: body.meaning,
    comment: toComment(result.comment),
  };
}

/** `PUT /api/device-alarm/add-comment/{id}`: a comment on an alarm event, audited. */
export async function addComment(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
  comment: string,
): Promise<AlarmComment> {
  const event = await visibleEvent(ctx, scope, id);
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await repo.insertComment(tx, {
      alarmEventId: event.id,
      userId: actor.userId,
      comment,
      isAcknowledgement: false,
    });
    await audit.record(tx, subjectOf(actor), {
      event: 'alarm',
      action: 'comment',
      information: `Commented on ${describe(event)}: ${comment}`,
    });
    return inserted;
  });
  announce(ctx, event, 'changed');
  return toComment(row);
}

export async function comments(ctx: AppContext, scope: Scope, id: string): Promise<AlarmComment[]> {
  const event = await visibleEvent(ctx, scope, id);
  return (await repo.listComments(ctx.db, event.id)).map(toComment);
}

/** Favourite comments are the person's own (spec monitoring 3). */
export async function favourites(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
): Promise<FavouriteComment[]> {
  ownAccount(scope);
  return repo.listFavourites(ctx.db, actor.userId);
}

export async function addFavourite(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  message: string,
): Promise<FavouriteComment> {
  ownAccount(scope);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.insertFavourite(tx, actor.userId, message);
    if (!row) throw conflict('favouriteExists', 'message');
    await audit.record(tx, subjectOf(actor), {
      event: 'alarm',
      action: 'favourite',
      information: `Saved the favourite comment: ${message}`,
    });
    return row;
  });
}

export async function removeFavourite(
  ctx: AppContext,
  actor: Actor,
  scope: Scope,
  id: string,
): Promise<void> {
  ownAccount(scope);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.deleteFavourite(tx, actor.userId, id);
    if (!row) throw notFound();
    await audit.record(tx, subjectOf(actor), {
      event: 'alarm',
      action: 'unfavourite',
      information: `Deleted the favourite comment: ${row.message}`,
    });
  });
}
