import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { defineJobHandlers, type JobHandlers } from '../../jobs/worker.js';
import { alarmNotifyJob } from './alarm-notify.js';
import { deliverNotification } from './delivery.js';
import type { Mailer } from '../../notify/email.js';
import { deliverNotificationJob, fanOut } from './fan-out.js';
import { createSmsProvider } from '../../notify/sms-provider.js';
import type { HostLookup } from '../../notify/webhook-target.js';

/** The notification jobs: the fan-out of an alarm event and the delivery of each message. */
export function notificationJobHandlers(deps: {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'sms' | 'webhookAllowPrivate'>;
  publicUrl: () => string;
  log: Logger;
  lookupHost: HostLookup;
}): JobHandlers {
  const webhooks = { allowPrivate: deps.config.webhookAllowPrivate, lookup: deps.lookupHost };
  const sms = deps.config.sms ? createSmsProvider(deps.config.sms) : undefined;
  if (!sms) deps.log.info('SMS and voice messages are logged as not sent: no SMS_API_URL');
  return defineJobHandlers({
    [alarmNotifyJob]: async (payload) => {
      await fanOut(deps, payload);
    },
    [deliverNotificationJob]: async (payload, job) => {
      await deliverNotification({ ...deps, sms, webhooks }, payload, job);
    },
  });
}
