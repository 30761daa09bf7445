import { createAccountWithOwner } from '../../helpers/fixtures.js';
import { statuses as s, type MatrixModule } from './types.js';

/** Accounts administration (super_admin) and the audit-trail PDF task. */
export const platformAdmin: MatrixModule = {
  async setup(context) {
    const doomed = await createAccountWithOwner(context.db, 'Matrix Doomed', 'owner@doomed.matrix');
    context.ids.doomedAccountId = doomed.account.id;
  },
  calls: [
    {
      method: 'PATCH',
      route: '/api/account/voiceCall/:id',
      url: (c) => `/api/account/voiceCall/${c.ids.otherAccountId ?? ''}`,
      body: () => ({ voiceCall: true }),
      expected: s(401, 200, 403, 403, 403),
    },
    {
      method: 'GET',
      route: '/api/account/:id/gateways',
      url: (c) => `/api/account/${c.ids.demoAccountId ?? ''}/gateways`,
      expected: s(401, 200, 403, 403, 403),
    },
    {
      method: 'DELETE',
      route: '/api/account/deleteAccount/:id',
      url: (c) => `/api/account/deleteAccount/${c.ids.doomedAccountId ?? ''}`,
      expected: s(401, 200, 403, 403, 403),
    },
    {
      // Audit-trail PDFs: account owners (their own account) and the platform administrator.
      method: 'POST',
      route: '/api/tasks',
      url: () => '/api/tasks',
      body: () => ({ type: 'log_data', event: 'auth' }),
      expected: s(401, 201, 201, 403, 201),
    },
  ],
};
