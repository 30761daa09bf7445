import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { users } from '../../src/db/schema/index.js';
import { hashPassword } from '../../src/lib/secrets.js';
import * as accountsRepo from '../../src/modules/accounts/repo.js';
import * as usersRepo from '../../src/modules/users/repo.js';
import { demoLogins } from '../../src/seed/demo.js';

const hashes = new Map<string, Promise<string>>();

/**
 * The argon2id hash of a fixture password, computed once per test process: the fixtures' people
 * mostly share one password, and each hash costs tens of milliseconds of a busy core by design.
 */
export function fixturePasswordHash(password = 'vigil-demo'): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** An account with an activated owner who can sign in with `password`. */
export async function createAccountWithOwner(
  db: Db,
  companyName: string,
  email: string,
  password = 'vigil-demo',
) {
  const passwordHash = await fixturePasswordHash(password);
  return db.transaction(async (tx) => {
    const account = await accountsRepo.insertAccount(tx, {
      companyName,
      email,
      countryCode: '+44',
      phoneNumber: '2070000000',
    });
    const owner = await usersRepo.insertUser(tx, {
      accountId: account.id,
      parentId: null,
      name: `${companyName} Owner`,
      email,
      passwordHash,
      role: 'super_user',
      countryCode: '+44',
      phoneNumber: '2070000001',
      isActivated: true,
      emailConfirmedAt: new Date(),
    });
    return { account, owner };
  });
}

export async function userIdOf(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

export const demo = {
  admin: demoLogins[0].email,
  owner: demoLogins[1].email,
  viewer: demoLogins[2].email,
};
