import { topics } from '@vigil/contracts';
import type { DynsecCommand } from './dynsec-control.js';

/** What the database says a gateway's broker account must be; undefined = no account. */
export type GatewayAccount = {
  gatewayId: string;
  /** The secret to give the broker, or undefined when it cannot be unsealed (see warnings). */
  password: string | undefined;
  /** Changes with every new secret; kept in the broker client's description to compare. */
  fingerprint: string;
  enabled: boolean;
};

export type BrokerAcl = { acltype: string; topic: string; allow: boolean; priority?: number };
export type BrokerClient = {
  username: string;
  textname?: string;
  textdescription?: string;
  disabled?: boolean;
  roles?: { rolename: string }[];
};
export type BrokerRole = { rolename: string; textname?: string; acls?: BrokerAcl[] };

/** Marks the broker clients and roles Vigil manages: it never touches any other. */
export const clientMarker = 'Vigil gateway';
export const roleMarker = 'Vigil gateway role';

export const gatewayRoleName = (gatewayId: string) => `vigil-gateway:${gatewayId}`;

/** A gateway may publish only to its own up, status and log, and subscribe only to its own down. */
export function gatewayAcls(gatewayId: string): BrokerAcl[] {
  return [
    ...[topics.up(gatewayId), topics.status(gatewayId), topics.log(gatewayId)].map((topic) => ({
      acltype: 'publishClientSend',
      topic,
      allow: true,
    })),
    { acltype: 'subscribeLiteral', topic: topics.down(gatewayId), allow: true },
    { acltype: 'publishClientReceive', topic: topics.down(gatewayId), allow: true },
  ];
}

const aclKey = (acl: BrokerAcl) => `${acl.acltype}|${acl.topic}|${String(acl.allow)}`;

function sameAcls(current: BrokerAcl[] | undefined, wanted: BrokerAcl[]): boolean {
  const have = new Set((current ?? []).map(aclKey));
  return have.size === wanted.length && wanted.every((acl) => have.has(aclKey(acl)));
}

export type Plan = { commands: DynsecCommand[]; warnings: string[] };

function removeAccount(gatewayId: string, client?: BrokerClient, role?: BrokerRole): Plan {
  const commands: DynsecCommand[] = [];
  if (client?.textname === clientMarker)
    commands.push({ command: 'deleteClient', username: gatewayId });
  if (role?.textname === roleMarker)
    commands.push({ command: 'deleteRole', rolename: role.rolename });
  return { commands, warnings: [] };
}

function updateClient(wanted: GatewayAccount, client: BrokerClient, rolename: string): Plan {
  const commands: DynsecCommand[] = [];
  const warnings: string[] = [];
  const changes: Record<string, unknown> = {};
  if (client.textdescription !== wanted.fingerprint) {
    if (wanted.password === undefined) {
      warnings.push(`gateway ${wanted.gatewayId}: its secret cannot be unsealed; rotate it`);
    } else {
      changes.password = wanted.password;
      changes.textdescription = wanted.fingerprint;
    }
  }
  const roles = (client.roles ?? []).map((role) => role.rolename);
  if (roles.length !== 1 || roles[0] !== rolename) changes.roles = [{ rolename }];
  // Disabling first: a changed password must not let the old connection in even for a moment.
  if (!wanted.enabled && !client.disabled) {
    commands.push({ command: 'disableClient', username: wanted.gatewayId });
  }
  if (Object.keys(changes).length > 0) {
    commands.push({ command: 'modifyClient', username: wanted.gatewayId, ...changes });
  }
  if (wanted.enabled && client.disabled) {
    commands.push({ command: 'enableClient', username: wanted.gatewayId });
  }
  return { commands, warnings };
}

/**
 * The commands that bring one gateway's broker client and role to what the database says.
 * Nothing for an account already right, so that running it again changes (and kicks) nothing.
 */
export function planGateway(
  gatewayId: string,
  wanted: GatewayAccount | undefined,
  client: BrokerClient | undefined,
  role: BrokerRole | undefined,
): Plan {
  if (!wanted) return removeAccount(gatewayId, client, role);
  if (client && client.textname !== clientMarker) {
    return {
      commands: [],
      warnings: [
        `gateway ${gatewayId}: the broker has a client of that name that Vigil does not manage`,
      ],
    };
  }
  const rolename = gatewayRoleName(gatewayId);
  const acls = gatewayAcls(gatewayId);
  const commands: DynsecCommand[] = [];
  if (!role) {
    commands.push({ command: 'createRole', rolename, textname: roleMarker, acls });
  } else if (role.textname !== roleMarker) {
    return {
      commands: [],
      warnings: [
        `gateway ${gatewayId}: the broker has a role ${rolename} that Vigil does not manage`,
      ],
    };
  } else if (!sameAcls(role.acls, acls)) {
    commands.push({ command: 'modifyRole', rolename, acls });
  }
  if (client) {
    const update = updateClient(wanted, client, rolename);
    return { commands: [...commands, ...update.commands], warnings: update.warnings };
  }
  if (wanted.password === undefined) {
    return {
      commands,
      warnings: [`gateway ${gatewayId}: no broker account without its secret; rotate the secret`],
    };
  }
  commands.push({
    command: 'createClient',
    username: gatewayId,
    password: wanted.password,
    textname: clientMarker,
    textdescription: wanted.fingerprint,
    roles: [{ rolename }],
  });
  if (!wanted.enabled) commands.push({ command: 'disableClient', username: gatewayId });
  return { commands, warnings: [] };
}

/** Plans every gateway named by the database or found (marked as Vigil's) on the broker. */
export function planAll(
  wanted: Map<string, GatewayAccount | undefined>,
  clients: Map<string, BrokerClient>,
  roles: Map<string, BrokerRole>,
): Plan {
  const names = new Set(wanted.keys());
  for (const client of clients.values()) {
    if (client.textname === clientMarker) names.add(client.username);
  }
  for (const role of roles.values()) {
    if (role.textname === roleMarker && role.rolename.startsWith(gatewayRoleName(''))) {
      names.add(role.rolename.slice(gatewayRoleName('').length));
    }
  }
  const plan: Plan = { commands: [], warnings: [] };
  for (const gatewayId of names) {
    const one = planGateway(
      gatewayId,
      wanted.get(gatewayId),
      clients.get(gatewayId),
      roles.get(gatewayRoleName(gatewayId)),
    );
    plan.commands.push(...one.commands);
    plan.warnings.push(...one.warnings);
  }
  return plan;
}
