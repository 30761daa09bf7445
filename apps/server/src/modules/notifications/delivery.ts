import type { JobData } from '@vigil/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.js';
import type { ClaimedJob } from '../../jobs/queue.js';
import * as repo from './delivery-repo.js';
import type { Mailer } from '../../notify/email.js';
import { ProviderError, type SmsProvider } from '../../notify/sms-provider.js';
import { postWebhook, type WebhookDeliveryOptions } from '../../notify/webhook.js';

export const skipReasons = {
  smsNotConfigured: 'SMS provider not configured',
  smsLimit: 'SMS limit reached',
  webhookGone: 'webhook removed or disabled',
} as const;

/**
 * What the notification log says of a webhook that could not be delivered, whatever the cause:
 * telling "refused" from "unreachable" or "answered 502" would let a tenant map networks through
 * their webhook. The cause is in the server's log for the operator.
 */
export const webhookFailedReason = 'delivery failed';

export type DeliveryDeps = {
  db: Db;
  mailer: Mailer;
  sms: SmsProvider | undefined;
  log: Logger;
  webhooks: WebhookDeliveryOptions;
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function emailHtml(text: string): string {
  const linked = escapeHtml(text).replace(
    /https?:\/\/[^\s<]+/g,
    (url) => `<a href="${url}">${url}</a>`,
  );
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5"><p>${linked.replace(/\n/g, '<br>')}</p></body></html>`;
}

type Delivery = JobData<'notification.deliver'>;
type Row = NonNullable<Awaited<ReturnType<typeof repo.findNotification>>>;
type Outcome = { sent: string } | { skipped: string };

async function send(deps: DeliveryDeps, row: Row, payload: Delivery): Promise<Outcome> {
  switch (row.channel) {
    case 'email': {
      const result = await deps.mailer.send({
        to: row.email,
        subject: payload.subject ?? 'Vigil',
        text: row.text,
        html: emailHtml(row.text),
      });
      return { sent: result.messageId };
    }
    case 'sms':
    case 'voice': {
      if (!deps.sms) return { skipped: skipReasons.smsNotConfigured };
      if (row.channel === 'sms' && row.accountId) {
        const accountId = row.accountId;
        const taken = await deps.db.transaction((tx) =>
          repo.reserveSms(tx, row.id, accountId, new Date()),
        );
        if (taken === 'limit') return { skipped: skipReasons.smsLimit };
      }
      try {
        const result =
          row.channel === 'sms'
            ? await deps.sms.sendSms(row.phone, row.text)
            : await deps.sms.call(row.phone, row.text);
        return { sent: result.providerId };
      } catch (error) {
        if (row.channel === 'sms') await repo.releaseSms(deps.db, row.id, String(error));
        throw error;
      }
    }
    case 'webhook': {
      const hook =
        payload.webhookId && row.accountId
          ? await repo.findWebhook(deps.db, row.accountId, payload.webhookId)
          : undefined;
      if (!hook?.enable) return { skipped: skipReasons.webhookGone };
      const result = await postWebhook(
        hook.url,
        hook.secret,
        payload.body ?? {},
        row.id,
        deps.webhooks,
      );
      return { sent: `http ${String(result.status)}` };
    }
  }
}

/**
 * The handler of `notification.deliver`: sends one notification once. A row that is no longer
 * queued (sent, skipped, failed) is left alone, so a retry after success sends nothing. A
 * failure is thrown for the queue to retry with backoff; on the last attempt, or when the
 * provider refuses for good, the row is marked failed with the reason.
 */
export async function deliverNotification(
  deps: DeliveryDeps,
  payload: Delivery,
  job: ClaimedJob | undefined,
): Promise<void> {
  const row = await repo.findNotification(deps.db, payload.notificationId);
  if (row?.status !== 'queued') return;
  let outcome: Outcome;
  try {
    outcome = await send(deps, row, payload);
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    const reason = row.channel === 'webhook' ? webhookFailedReason : cause;
    if (row.channel === 'webhook') {
      deps.log.info({ notification: row.id, cause }, 'webhook delivery attempt failed');
    }
    const final =
      (error instanceof ProviderError && !error.retry) ||
      (job !== undefined && job.attempts >= job.maxAttempts);
    if (final) {
      await repo.markDone(deps.db, row.id, 'failed', reason);
      deps.log.warn(
        { notification: row.id, channel: row.channel, reason: cause },
        'notification failed',
      );
      return;
    }
    await repo.noteAttemptFailed(deps.db, row.id, reason);
    throw error;
  }
  if ('skipped' in outcome) {
    await repo.markDone(deps.db, row.id, 'skipped', outcome.skipped);
    deps.log.info(
      { notification: row.id, channel: row.channel, reason: outcome.skipped },
      'notification not sent',
    );
    return;
  }
  await repo.markSent(deps.db, row.id, outcome.sent, new Date());
}
