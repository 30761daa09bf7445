import { createHash } from 'node:crypto';
import type { DeliveryPayload, Language, MessageMethod } from '@vigil/contracts';
import type { Db } from '../../db/client.js';
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

function templateFor(
  chosen: { userId: string; method: MessageMethod; template: string }[],
  defaults: Map<string, string>,
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

/**
 * The handler of `alarm.notify`: one notification row per recipient and channel, plus one per
 * enabled webhook, each with its delivery job, all in one transaction.
 */
export async function fanOut(
  deps: { db: Db; publicUrl: () => string },
  payload: AlarmNotifyPayload,
): Promise<number> {
  const { db } = deps;
  return db.transaction(async (tx) => {
    const facts = await repo.findEventFacts(tx, payload.eventId);
    if (!facts) return 0;
    const { event } = facts;
    const alarm = event.alarmId ? await repo.findAlarm(tx, event.accountId, event.alarmId) : null;
    const admins = await repo.accountAdmins(tx, event.accountId);
    let recipients: Recipient[];
    if (payload.occasion === 'escalated' || !alarm) recipients = admins;
    else {
      recipients = await repo.alarmRecipients(tx, event.accountId, alarm);
      if (alarm.adminEnable) recipients = [...recipients, ...admins];
    }
    recipients = distinct(recipients);
    const channels = {
      email: alarm ? alarm.emailEnable : true,
      sms: alarm ? alarm.textEnable : false,
      voice: alarm ? alarm.callEnable && facts.voiceCall : false,
    };
    const messageFacts: MessageFacts = {
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
      graphUrl: graphUrl(deps.publicUrl(), event.deviceId, event.readingTs ?? event.raisedAt),
    };
    const type = messageTypeOf(event.type);
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
    const key = [payload.eventId, payload.occasion, String(payload.sequence)];
    const rows: repo.NewNotification[] = [];
    const jobs: DeliveryPayload[] = [];
    const add = (
      channel: Channel,
      recipientKey: string,
      fields: { userId: string | null; email: string; phone: string; text: string },
      job: Omit<DeliveryPayload, 'notificationId'> = {},
    ) => {
      const id = notificationId([...key, channel, recipientKey]);
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
    for (const recipient of recipients) {
      const language: Language = recipient.language ?? 'en';
      const values = placeholderValues(messageFacts, language);
      const who = recipient.userId ?? `${recipient.email}|${recipient.phone}`;
      const base = { userId: recipient.userId, email: recipient.email, phone: recipient.phone };
      if (channels.email && recipient.email) {
        const text = renderTemplate(
          templateFor(chosen, defaults, recipient, 'EMAIL', language),
          values,
        );
        add('email', who, { ...base, text }, { subject: emailSubject(messageFacts, language) });
      }
      const shortText = renderTemplate(
        templateFor(chosen, defaults, recipient, 'SMS', language),
        values,
      );
      if (channels.sms && recipient.phone) add('sms', who, { ...base, text: shortText });
      if (channels.voice && recipient.phone) add('voice', who, { ...base, text: shortText });
    }
    const hooks = await repo.enabledWebhooks(tx, event.accountId);
    if (hooks.length > 0) {
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
        add(
          'webhook',
          hook.id,
          { userId: null, email: '', phone: '', text },
          {
            webhookId: hook.id,
            body: { ...body, notificationId: notificationId([...key, 'webhook', hook.id]) },
          },
        );
      }
    }
    const inserted = new Set(await repo.insertNotifications(tx, rows));
    for (const job of jobs) {
      if (!inserted.has(job.notificationId)) continue;
      await enqueue(tx, deliverNotificationJob, job, {
        singletonKey: `${deliverNotificationJob}:${job.notificationId}`,
        maxAttempts: 8,
      });
    }
    return inserted.size;
  });
}
