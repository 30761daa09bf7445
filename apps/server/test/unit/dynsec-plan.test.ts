import { describe, expect, it } from 'vitest';
import {
  clientMarker,
  gatewayAcls,
  gatewayRoleName,
  planAll,
  planGateway,
  roleMarker,
  type BrokerClient,
  type BrokerRole,
  type GatewayAccount,
} from '../../src/broker-auth/dynsec-plan.js';

const id = 'gw-01';
const rolename = gatewayRoleName(id);
const wanted: GatewayAccount = {
  gatewayId: id,
  password: 's3cret',
  fingerprint: 'f1',
  enabled: true,
};
const role: BrokerRole = { rolename, textname: roleMarker, acls: gatewayAcls(id) };
const client: BrokerClient = {
  username: id,
  textname: clientMarker,
  textdescription: 'f1',
  roles: [{ rolename }],
};
const commandsOf = (plan: { commands: { command: string }[] }) =>
  plan.commands.map((command) => command.command);

describe('planGateway', () => {
  it('changes nothing for an account already as the database says', () => {
    expect(planGateway(id, wanted, client, role)).toEqual({ commands: [], warnings: [] });
  });

  it.each([
    ['a new gateway', wanted, undefined, undefined, ['createRole', 'createClient']],
    [
      'a gateway of a disabled account',
      { ...wanted, enabled: false },
      undefined,
      undefined,
      ['createRole', 'createClient', 'disableClient'],
    ],
    ['a rotated secret', { ...wanted, fingerprint: 'f2' }, client, role, ['modifyClient']],
    ['an account disabled since', { ...wanted, enabled: false }, client, role, ['disableClient']],
    ['an account enabled again', wanted, { ...client, disabled: true }, role, ['enableClient']],
    ['a deleted gateway', undefined, client, role, ['deleteClient', 'deleteRole']],
    [
      'a role whose rules changed',
      wanted,
      client,
      { ...role, acls: [] as BrokerRole['acls'] },
      ['modifyRole'],
    ],
  ] as [
    string,
    GatewayAccount | undefined,
    BrokerClient | undefined,
    BrokerRole | undefined,
    string[],
  ][])('brings %s in step', (_, account, current, currentRole, expected) => {
    expect(commandsOf(planGateway(id, account, current, currentRole))).toEqual(expected);
  });

  it('sends the secret only to set it, with the fingerprint of the new one', () => {
    const [modify] = planGateway(id, { ...wanted, fingerprint: 'f2' }, client, role).commands;
    expect(modify).toEqual({
      command: 'modifyClient',
      username: id,
      password: 's3cret',
      textdescription: 'f2',
    });
  });

  it('disables before it changes the password of an account being disabled', () => {
    const plan = planGateway(id, { ...wanted, fingerprint: 'f2', enabled: false }, client, role);
    expect(commandsOf(plan)).toEqual(['disableClient', 'modifyClient']);
  });

  it('never touches a broker client or role that Vigil does not manage', () => {
    const foreign = { ...client, textname: 'Dynsec admin user' };
    expect(planGateway(id, wanted, foreign, role).commands).toEqual([]);
    expect(planGateway(id, undefined, foreign, { ...role, textname: 'other' }).commands).toEqual(
      [],
    );
    expect(
      planGateway(id, wanted, undefined, { ...role, textname: 'other' }).warnings,
    ).toHaveLength(1);
  });

  it('warns, and keeps the old password, when the secret cannot be unsealed', () => {
    const plan = planGateway(
      id,
      { ...wanted, password: undefined, fingerprint: 'f2' },
      client,
      role,
    );
    expect(plan.commands).toEqual([]);
    expect(plan.warnings[0]).toMatch(/cannot be unsealed/);
  });
});

describe('planAll', () => {
  it('removes the accounts of gateways the database no longer has, and only those', () => {
    const gone = {
      ...client,
      username: 'gw-gone',
      roles: [{ rolename: gatewayRoleName('gw-gone') }],
    };
    const admin: BrokerClient = { username: 'admin', textname: 'Dynsec admin user' };
    const plan = planAll(
      new Map([[id, wanted]]),
      new Map([
        [id, client],
        ['gw-gone', gone],
        ['admin', admin],
      ]),
      new Map([
        [rolename, role],
        [gatewayRoleName('gw-gone'), { ...role, rolename: gatewayRoleName('gw-gone') }],
      ]),
    );
    expect(plan.commands).toEqual([
      { command: 'deleteClient', username: 'gw-gone' },
      { command: 'deleteRole', rolename: gatewayRoleName('gw-gone') },
    ]);
  });
});
