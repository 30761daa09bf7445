import { messageTemplates } from '../../../src/db/schema/index.js';
import type { Db } from '../../../src/db/client.js';
import { statuses as s, type MatrixContext, type MatrixModule } from './types.js';

async function demoTemplate(db: Db, accountId: string | undefined): Promise<string> {
  const [row] = await db
    .insert(messageTemplates)
    .values({ accountId: accountId ?? null, title: 'Matrix', template: '{{alarmName}}' })
    .returning({ id: messageTemplates.id });
  if (!row) throw new Error('no template');
  return row.id;
}

const templateBody = () => ({
  title: 'Matrix template',
  template: '{{deviceName}} {{incomingValue}}',
});

/**
 * Notifications, statistics and templates: the platform administrator for every account, an
 * owner for their own (another account's template is not found, its users not choosable);
 * a `user` has none of it. The SMS limit is the administrator's; the webhook the owner's.
 */
export const notificationsMatrix: MatrixModule = {
  async setup(context: MatrixContext) {
    context.ids.demoTemplateId = await demoTemplate(context.db, context.ids.demoAccountId);
  },
  calls: [
    {
      method: 'GET',
      route: '/api/message-templates/',
      url: () => '/api/message-templates/?page=1&pageSize=10',
      expected: s(401, 200, 200, 403, 200),
    },
    {
      method: 'POST',
      route: '/api/message-templates/',
      url: () => '/api/message-templates/',
      body: templateBody,
      expected: s(401, 201, 201, 403, 201),
    },
    {
      method: 'PUT',
      route: '/api/message-templates/:id',
      url: (context) => `/api/message-templates/${context.ids.demoTemplateId ?? ''}`,
      body: templateBody,
      expected: s(401, 200, 200, 403, 404),
    },
    {
      method: 'DELETE',
      route: '/api/message-templates/:id',
      url: async (context) =>
        `/api/message-templates/${await demoTemplate(context.db, context.ids.demoAccountId)}`,
      expected: s(401, 200, 200, 403, 404),
    },
    {
      method: 'GET',
      route: '/api/message-templates-rel/',
      url: () => '/api/message-templates-rel/',
      expected: s(401, 200, 200, 403, 200),
    },
    {
      method: 'POST',
      route: '/api/message-templates-rel/',
      url: () => '/api/message-templates-rel/',
      body: (context) => ({
        userId: context.ids.viewerId,
        templateId: context.ids.demoTemplateId,
        type: 'TEMPERATURE',
        method: 'EMAIL',
      }),
      expected: s(401, 200, 200, 403, 400),
    },
    {
      method: 'GET',
      route: '/api/user/notifications',
      url: () => '/api/user/notifications?page=1&pageSize=10&isSms=-1',
      expected: s(401, 200, 200, 403, 200),
    },
    {
      method: 'GET',
      route: '/api/user/notifications/statistics',
      url: () => '/api/user/notifications/statistics?page=1&pageSize=10',
      expected: s(401, 200, 200, 403, 200),
    },
    {
      method: 'POST',
      route: '/api/account/addLimit',
      url: () => '/api/account/addLimit',
      body: (context) => ({ accountId: context.ids.demoAccountId, smsLimit: 100 }),
      expected: s(401, 200, 403, 403, 403),
    },
    {
      method: 'GET',
      route: '/api/account/webhooks',
      url: () => '/api/account/webhooks',
      expected: s(401, 403, 200, 403, 200),
    },
    {
      method: 'PUT',
      route: '/api/account/webhooks',
      url: () => '/api/account/webhooks',
      body: () => ({ url: 'https://hooks.example/vigil', enable: false }),
      expected: s(401, 403, 200, 403, 200),
    },
  ],
};
