import { createHash } from 'node:crypto';
import type { DeliveryPayload, Language, MessageMethod } from '@vigil/contracts';
import type { Db, Executor } from '../../db/client.js';
import { enqueue } from '../../jobs/queue.js';
import * as repo from './fan-out-repo.js';
import type { AlarmNotifyPayload } from './alarm-notify.js';
import {
  defaultTemplates,
  emailSubject,
  graphUrl,
  messageTypeOf,
  placeholderValues,
  renderTemplate,
  type MessageFacts,
} from './templates.js';

export const deliverNotificationJob = 'notification.deliver';

type Channel = 'email' | 'sms' | 'voice' | 'webhook';

/**
 * A notification's id is derived from what it is (event, occasion, sequence, channel,
 * recipient): a fan-out that runs twice inserts nothing the second time.
 */
export function notificationId(parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

type Recipient = repo.RecipientRow;

/** Recipients without duplicates (the same person listed twice, or also an admin). */
function distinct(recipients: Recipient[]): Recipient[] {
  const seen = new Set<string>();
  return recipients.filter((recipient) => {
    const key = recipient.userId ?? `${recipient.email}|${recipient.phone}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The users' own templates for the event's message type, and the platform's defaults by title. */
type Templates = {
  chosen: { userId: string; method: MessageMethod; template: string }[];
  defaults: Map<string, string>;
};

function templateFor(
  { chosen, defaults }: Templates,
  recipient: Recipient,
  method: MessageMethod,
  language: Language,
): string {
  const own = chosen.find((row) => row.userId === recipient.userId && row.method === method);
  if (own) return own.template;
  const fallback = defaultTemplates.find((t) => t.language === language && t.method === method);
  if (!fallback) throw new Error(`no default ${method} template in ${language}`);
  return defaults.get(fallback.title) ?? fallback.template;
}

type Facts = NonNullable<Awaited<ReturnType<typeof repo.findEventFacts>>>;
type Event = Facts['event'];
type Alarm = NonNullable<Awaited<ReturnType<typeof repo.findAlarm>>>;

/** The escalation and an event without its alarm go to the admins; else the alarm's people. */
async function recipientsOf(
  tx: Executor,
  event: Event,
  alarm: Alarm | undefined,
  payload: AlarmNotifyPayload,
): Promise<Recipient[]> {
  const admins = await repo.accountAdmins(tx, event.accountId);
  let recipients: Recipient[];
  if (payload.occasion === 'escalated' || !alarm) recipients = admins;
  else {
    recipients = await repo.alarmRecipients(tx, event.accountId, alarm);
    if (alarm.adminEnable) recipients = [...recipients, ...admins];
  }
  return distinct(recipients);
}

function messageFactsOf(
  facts: Facts,
  alarm: Alarm | undefined,
  payload: AlarmNotifyPayload,
  publicUrl: string,
): MessageFacts {
  const { event } = facts;
  return {
    occasion: payload.occasion,
    eventType: event.type,
    unit: facts.unit,
    alarmName: alarm?.name ?? facts.deviceName,
    value: event.value,
    min: event.min,
    max: event.max,
    thresholds: {
      minHumidity: alarm?.minHumidity ?? null,
      maxHumidity: alarm?.maxHumidity ?? null,
      minTemp: alarm?.minTemp ?? null,
      maxTemp: alarm?.maxTemp ?? null,
      minCarbon: alarm?.minCarbon ?? null,
      maxCarbon: alarm?.maxCarbon ?? null,
      minPressure: alarm?.minPressure ?? null,
      maxPressure: alarm?.maxPressure ?? null,
    },
    deviceName: facts.deviceName,
    deviceId: facts.deviceId,
    deviceRowId: event.deviceId,
    locationName: facts.locationName ?? '',
    graphUrl: graphUrl(publicUrl, event.deviceId, event.readingTs ?? event.raisedAt),
  };
}

async function templatesOf(
  tx: Executor,
  recipients: Recipient[],
  eventType: string,
): Promise<Templates> {
  const type = messageTypeOf(eventType);
  const userIds = recipients.flatMap((r) => (r.userId ? [r.userId] : []));
  const chosen = type ? await repo.chosenTemplates(tx, userIds, type) : [];
  const defaults = new Map(
    (
      await repo.platformTemplates(
        tx,
        defaultTemplates.map((t) => t.title),
      )
    ).map((t) => [t.title, t.template]),
  );
  return { chosen, defaults };
}

/** The notification rows of one occasion and their delivery jobs, in the order they are added. */
type Outbox = {
  rows: repo.NewNotification[];
  jobs: DeliveryPayload[];
  /** The id every notification of this occasion on `channel` to `recipientKey` gets. */
  idOf: (channel: Channel, recipientKey: string) => string;
  add: (
    channel: Channel,
    recipientKey: string,
    fields: { userId: string | null; email: string; phone: string; text: string },
    job?: Omit<DeliveryPayload, 'notificationId'>,
  ) => void;
};

function createOutbox(payload: AlarmNotifyPayload, event: Event): Outbox {
  const key = [payload.eventId, payload.occasion, String(payload.sequence)];
  const rows: repo.NewNotification[] = [];
  const jobs: DeliveryPayload[] = [];
  const idOf = (channel: Channel, recipientKey: string) =>
    notificationId([...key, channel, recipientKey]);
  const add: Outbox['add'] = (channel, recipientKey, fields, job = {}) => {
    const id = idOf(channel, recipientKey);
    rows.push({
      id,
      accountId: event.accountId,
      alarmEventId: event.id,
      channel,
      isSms: channel === 'sms',
      status: 'queued',
      ...fields,
    });
    jobs.push({ notificationId: id, ...job });
  };
  return { rows, jobs, idOf, add };
}

/** One email, SMS and voice call per recipient, as the alarm enables them and they can take. */
function addPeople(
  outbox: Outbox,
  recipients: Recipient[],
  channels: { email: boolean; sms: boolean; voice: boolean },
  templates: Templates,
  messageFacts: MessageFacts,
): void {
  for (const recipient of recipients) {
    const language: Language = recipient.language ?? 'en';
    const values = placeholderValues(messageFacts, language);
    const who = recipient.userId ?? `${recipient.email}|${recipient.phone}`;
    const base = { userId: recipient.userId, email: recipient.email, phone: recipient.phone };
    if (channels.email && recipient.email) {
      const text = renderTemplate(templateFor(templates, recipient, 'EMAIL', language), values);
      outbox.add(
        'email',
        who,
        { ...base, text },
        { subject: emailSubject(messageFacts, language) },
      );
    }
    const shortText = renderTemplate(templateFor(templates, recipient, 'SMS', language), values);
    if (channels.sms && recipient.phone) outbox.add('sms', who, { ...base, text: shortText });
    if (channels.voice && recipient.phone) outbox.add('voice', who, { ...base, text: shortText });
  }
}

/** One message per enabled webhook of the account: the event as JSON, with the English SMS text. */
async function addWebhooks(
  tx: Executor,
  outbox: Outbox,
  facts: Facts,
  payload: AlarmNotifyPayload,
  messageFacts: MessageFacts,
): Promise<void> {
  const { event } = facts;
  const hooks = await repo.enabledWebhooks(tx, event.accountId);
  if (hooks.length === 0) return;
  const values = placeholderValues(messageFacts, 'en');
  const text = renderTemplate(defaultTemplates[1]?.template ?? '', values);
  const body = {
    type: 'alarm',
    occasion: payload.occasion,
    sequence: payload.sequence,
    eventId: event.id,
    alarmId: event.alarmId,
    alarmName: messageFacts.alarmName,
    accountId: event.accountId,
    device: { id: event.deviceId, deviceId: facts.deviceId, name: facts.deviceName },
    location: facts.locationName,
    metric: event.type,
    value: event.value,
    min: event.min,
    max: event.max,
    unit: 'C',
    readingTs: event.readingTs?.toISOString() ?? null,
    raisedAt: event.raisedAt.toISOString(),
    graphUrl: messageFacts.graphUrl,
    text,
  };
  for (const hook of hooks) {
    outbox.add(
      'webhook',
      hook.id,
      { userId: null, email: '', phone: '', text },
      {
        webhookId: hook.id,
        body: { ...body, notificationId: outbox.idOf('webhook', hook.id) },
      },
    );
  }
}

/** Inserts the rows; a row that already existed (a second fan-out) gets no second job. */
async function insertAndEnqueue(tx: Executor, outbox: Outbox): Promise<number> {
  const inserted = new Set(await repo.insertNotifications(tx, outbox.rows));
  for (const job of outbox.jobs) {
    if (!inserted.has(job.notificationId)) continue;
    await enqueue(tx, deliverNotificationJob, job, {
      singletonKey: `${deliverNotificationJob}:${job.notificationId}`,
      maxAttempts: 8,
    });
  }
  return inserted.size;
}

/**
 * The handler of `alarm.notify`: one notification row per recipient and channel, plus one per
 * enabled webhook, each with its delivery job, all in one transaction.
 */
export async function fanOut(
  deps: { db: Db; publicUrl: () => string },
  payload: AlarmNotifyPayload,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const facts = await repo.findEventFacts(tx, payload.eventId);
    if (!facts) return 0;
    const { event } = facts;
    const alarm = event.alarmId
      ? await repo.findAlarm(tx, event.accountId, event.alarmId)
      : undefined;
    const recipients = await recipientsOf(tx, event, alarm, payload);
    const channels = {
      email: alarm ? alarm.emailEnable : true,
      sms: alarm ? alarm.textEnable : false,
      voice: alarm ? alarm.callEnable && facts.voiceCall : false,
    };
    const messageFacts = messageFactsOf(facts, alarm, payload, deps.publicUrl());
    const templates = await templatesOf(tx, recipients, event.type);
    const outbox = createOutbox(payload, event);
    addPeople(outbox, recipients, channels, templates, messageFacts);
    await addWebhooks(tx, outbox, facts, payload, messageFacts);
    return insertAndEnqueue(tx, outbox);
  });
}
