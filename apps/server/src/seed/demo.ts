import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { hashPassword } from '../lib/secrets.js';
import * as audit from '../modules/audit/index.js';
import { insertAccount } from '../modules/accounts/index.js';
import { insertUser } from '../modules/users/index.js';
import { seedDemoInventory } from './demo-inventory.js';

export const demoPassword = 'vigil-demo';
export const demoLogins = [
  { email: 'admin@vigil.test', role: 'super_admin' },
  { email: 'owner@demo.vigil.test', role: 'super_user' },
  { email: 'viewer@demo.vigil.test', role: 'user' },
] as const;
export const demoAccountName = 'Demo Laboratory';

const system = { userId: null, email: 'system', accountId: null, accountName: null, ip: null };

type DemoAccount = Awaited<ReturnType<typeof insertAccount>>;

/** The platform administrator, the demo account, its owner and its viewer. */
async function insertDemoPeople(
  tx: Tx,
  passwordHash: string,
  now: Date,
): Promise<{ account: DemoAccount; viewerId: string }> {
  const person = {
    passwordHash,
    isActivated: true,
    emailConfirmedAt: now,
    usr: '',
    language: 'en' as const,
  };
  await insertUser(tx, {
    ...person,
    accountId: null,
    parentId: null,
    name: 'Platform Administrator',
    email: demoLogins[0].email,
    role: 'super_admin',
    countryCode: '+44',
    phoneNumber: '2071234567',
  });
  const account = await insertAccount(tx, {
    companyName: demoAccountName,
    email: demoLogins[1].email,
    countryCode: '+44',
    phoneNumber: '2079460000',
  });
  const owner = await insertUser(tx, {
    ...person,
    accountId: account.id,
    parentId: null,
    name: 'Olivia Owner',
    email: demoLogins[1].email,
    role: 'super_user',
    countryCode: '+44',
    phoneNumber: '7700900123',
  });
  const viewer = await insertUser(tx, {
    ...person,
    accountId: account.id,
    parentId: owner.id,
    name: 'Victor Viewer',
    email: demoLogins[2].email,
    role: 'user',
    countryCode: '+44',
    phoneNumber: '7700900456',
    usr: 'door-0042',
  });
  return { account, viewerId: viewer.id };
}

async function auditSeed(tx: Tx, account: DemoAccount, inventory: boolean | undefined) {
  await audit.record(tx, system, {
    event: 'system',
    action: 'seed',
    information: 'Demo platform administrator created',
  });
  await audit.record(
    tx,
    { ...system, accountId: account.id, accountName: account.companyName },
    {
      event: 'system',
      action: 'seed',
      information: `Demo account "${account.companyName}" created with its owner and viewer${inventory ? ', gateways, locations and devices' : ''}`,
    },
  );
}

/**
 * Creates the demo platform administrator, account and users once, with the demo's gateways,
 * locations and devices when `inventory` is set (`npm start`); later starts find them.
 */
export async function seedDemo(db: Db, options: { inventory?: boolean } = {}): Promise<boolean> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoLogins[0].email));
  if (existing) return false;
  const passwordHash = await hashPassword(demoPassword);
  const now = new Date();
  await db.transaction(async (tx) => {
    const { account, viewerId } = await insertDemoPeople(tx, passwordHash, now);
    if (options.inventory) await seedDemoInventory(tx, account.id, viewerId);
    await auditSeed(tx, account, options.inventory);
  });
  return true;
}
