import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import {
  accounts,
  alarmEvents,
  alarms,
  comments,
  devices,
  favouriteComments,
  locations,
  users,
} from '../../../db/schema/index.js';
import { assignedTo } from '../../../db/assignments.js';
import {
  eventConditions,
  eventListColumns,
  startedAt,
  type EventFilter,
  type EventListRow,
} from './list-repo.js';
import type { AlarmScope } from './repo.js';

export type EventRow = {
  id: string;
  accountId: string;
  deviceId: string;
  deviceName: string;
  hardwareId: string;
  alarmId: string | null;
  alarmName: string;
  type: string;
  acknowledgedAt: Date | null;
  clearedAt: Date | null;
};

/** One alarm event the scope may see: its account's, and for a `user` their devices' only. */
export async function findEvent(
  db: Executor,
  scope: AlarmScope,
  id: string,
): Promise<EventRow | undefined> {
  const [row] = await db
    .select({
      id: alarmEvents.id,
      accountId: alarmEvents.accountId,
      deviceId: alarmEvents.deviceId,
      deviceName: devices.name,
      hardwareId: devices.deviceId,
      alarmId: alarmEvents.alarmId,
      alarmName: sql<string>`coalesce(${alarms.name}, ${alarmEvents.type})`,
      type: alarmEvents.type,
      acknowledgedAt: alarmEvents.acknowledgedAt,
      clearedAt: alarmEvents.clearedAt,
    })
    .from(alarmEvents)
    .innerJoin(devices, eq(devices.id, alarmEvents.deviceId))
    .leftJoin(alarms, eq(alarms.id, alarmEvents.alarmId))
    .where(
      and(
        eq(alarmEvents.id, id),
        eq(alarmEvents.accountId, scope.accountId),
        eq(devices.accountId, scope.accountId),
        scope.assignedTo === undefined ? undefined : assignedTo(scope.assignedTo),
      ),
    );
  return row;
}

/**
 * Marks an event acknowledged, unless someone did already (the row lock of the update makes two
 * simultaneous signatures one): the time, or undefined when it was acknowledged before.
 */
export async function markAcknowledged(
  db: Executor,
  accountId: string,
  id: string,
  signature: { userId: string; meaning: string; at: Date },
): Promise<Date | undefined> {
  const [row] = await db
    .update(alarmEvents)
    .set({
      acknowledgedAt: signature.at,
      acknowledgedBy: signature.userId,
      acknowledgedMeaning: signature.meaning,
    })
    .where(
      and(
        eq(alarmEvents.id, id),
        eq(alarmEvents.accountId, accountId),
        isNull(alarmEvents.acknowledgedAt),
      ),
    )
    .returning({ acknowledgedAt: alarmEvents.acknowledgedAt });
  return row?.acknowledgedAt ?? undefined;
}

export type CommentRow = {
  id: string;
  comment: string;
  author: string | null;
  isAcknowledgement: boolean;
  createdAt: Date;
};

const commentColumns = {
  id: comments.id,
  comment: comments.comment,
  author: users.name,
  isAcknowledgement: comments.isAcknowledgement,
  createdAt: comments.createdAt,
};

export async function insertComment(
  db: Executor,
  values: { alarmEventId: string; userId: string; comment: string; isAcknowledgement: boolean },
): Promise<CommentRow> {
  const [inserted] = await db.insert(comments).values(values).returning({ id: comments.id });
  if (!inserted) throw new Error('comment insert returned nothing');
  const [row] = await db
    .select(commentColumns)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.id, inserted.id));
  if (!row) throw new Error('comment vanished');
  return row;
}

/** An event's comments, oldest first (the event was found in its account before). */
export function listComments(db: Executor, alarmEventId: string): Promise<CommentRow[]> {
  return db
    .select(commentColumns)
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.alarmEventId, alarmEventId))
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

export function listFavourites(db: Executor, userId: string) {
  return db
    .select({ id: favouriteComments.id, message: favouriteComments.message })
    .from(favouriteComments)
    .where(eq(favouriteComments.userId, userId))
    .orderBy(asc(favouriteComments.createdAt), asc(favouriteComments.id));
}

/** Saves a favourite; undefined when the person has it already. */
export async function insertFavourite(db: Executor, userId: string, message: string) {
  const [row] = await db
    .insert(favouriteComments)
    .values({ userId, message })
    .onConflictDoNothing()
    .returning({ id: favouriteComments.id, message: favouriteComments.message });
  return row;
}

export async function deleteFavourite(db: Executor, userId: string, id: string) {
  const [row] = await db
    .delete(favouriteComments)
    .where(and(eq(favouriteComments.id, id), eq(favouriteComments.userId, userId)))
    .returning({ id: favouriteComments.id, message: favouriteComments.message });
  return row;
}

export type ReportEventRow = EventListRow;

/**
 * The account's alarm events started in [from, to] that match `filter`, oldest first; door
 * openings are left out (the report of door-left-open alarms is the door card's).
 */
export function reportEvents(
  db: Executor,
  scope: AlarmScope,
  filter: EventFilter & { from: Date; to: Date },
): Promise<ReportEventRow[]> {
  return db
    .select(eventListColumns)
    .from(alarmEvents)
    .innerJoin(devices, eq(devices.id, alarmEvents.deviceId))
    .leftJoin(alarms, eq(alarms.id, alarmEvents.alarmId))
    .leftJoin(locations, eq(locations.id, devices.locationId))
    .leftJoin(users, eq(users.id, alarmEvents.acknowledgedBy))
    .where(and(eventConditions(scope, filter), ne(alarmEvents.type, 'door')))
    .orderBy(asc(startedAt), asc(alarmEvents.id));
}

export type ReportCommentRow = CommentRow & { alarmEventId: string };

/** The comments of the given events, oldest first. */
export function commentsOfEvents(db: Executor, eventIds: string[]): Promise<ReportCommentRow[]> {
  if (eventIds.length === 0) return Promise.resolve([]);
  return db
    .select({ alarmEventId: comments.alarmEventId, ...commentColumns })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(inArray(comments.alarmEventId, eventIds))
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

export async function accountInfo(db: Executor, accountId: string) {
  const [row] = await db
    .select({ companyName: accounts.companyName, temperatureUnit: accounts.temperatureUnit })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row;
}
