import { apiKeys } from '../../../src/db/schema/index.js';
import { randomToken, sha256 } from '../../../src/lib/secrets.js';
import { createAccountWithOwner } from '../../helpers/fixtures.js';
import { insertGateway, series } from '../../helpers/ingest.js';
import { all, statuses as s, type MatrixModule } from './types.js';

/**
 * `POST /api/ingest` takes no session: an account API key decides, whoever calls. Gateway logs
 * are for the platform's administrator and each account's owners (scoped by the service).
 */
export const ingest: MatrixModule = {
  async setup(context) {
    // An account of its own: other modules rotate the demo accounts' API keys.
    const { account } = await createAccountWithOwner(
      context.db,
      'Ingest Matrix Lab',
      'owner@ingest-matrix.example',
    );
    const gateway = await insertGateway(context.db, account.id, { deviceCount: 1 });
    const key = `vgl_${randomToken(30)}`;
    await context.db
      .insert(apiKeys)
      .values({ accountId: account.id, keyHash: sha256(key), prefix: key.slice(0, 8) });
    context.ids.ingestKey = key;
    context.ids.ingestDevice = gateway.devices[0] ?? '';
  },
  calls: [
    {
      method: 'POST',
      route: '/api/ingest',
      url: () => '/api/ingest',
      body: (c) => ({ readings: series(c.ids.ingestDevice ?? '', 1) }),
      expected: all(401),
    },
    {
      method: 'POST',
      route: '/api/ingest',
      url: () => '/api/ingest',
      headers: (c) => ({ 'x-api-key': c.ids.ingestKey ?? '' }),
      body: (c) => ({ readings: series(c.ids.ingestDevice ?? '', 1) }),
      expected: all(200),
    },
    // The broker hook exists only with MQTT_AUTH=http (broker-hook.test.ts): here, for nobody.
    {
      method: 'POST',
      route: '/api/mqtt/auth',
      url: () => '/api/mqtt/auth',
      body: () => ({ username: 'gw-1', password: 'secret' }),
      expected: all(404),
    },
    {
      method: 'POST',
      route: '/api/mqtt/acl',
      url: () => '/api/mqtt/acl',
      body: () => ({ username: 'gw-1', topic: 'v1/gateways/gw-1/up', action: 'publish' }),
      expected: all(404),
    },
    {
      method: 'GET',
      route: '/api/gateway/gatewayLogs',
      url: () => '/api/gateway/gatewayLogs?page=1',
      expected: s(401, 200, 200, 403, 200),
    },
  ],
};
