import ipaddr from 'ipaddr.js';
import type { Executor } from '../../db/client.js';
import * as repo from './repo.js';

/**
 * Password guesses are throttled per subject (an email, or a person re-entering their password)
 * and client together: a client that fails `freeFailures` times must wait before its next try,
 * the wait doubling with each further failure up to `maxDelayMs`. Guesses from elsewhere never
 * delay the owner's own sign-in, so nobody can lock an account by guessing at it; the per-address
 * request limit of the routes stays as the cap on any one client. A quiet day forgets the count.
 */
export const throttlePolicy = {
  freeFailures: 5,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 24 * 3_600_000,
} as const;

export type ThrottlePolicy = typeof throttlePolicy;

/**
 * The client part of a throttle key: the address, or for IPv6 its /64 network, which one
 * subscriber usually holds whole (a key per address would let them rotate through 2^64).
 */
export function clientOf(ip: string | null): string {
  if (!ip || !ipaddr.isValid(ip)) return 'unknown';
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`);
  return `${network.toString()}/64`;
}

export const throttleKey = (subject: string, ip: string | null) => `${subject}|${clientOf(ip)}`;

/** The wait after `failures` failures in a row, in ms (0 while failures are still free). */
export function delayAfter(failures: number, policy: ThrottlePolicy = throttlePolicy): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(policy.firstDelayMs * 2 ** (failures - policy.freeFailures), policy.maxDelayMs);
}

/** Seconds until the key may try again, or 0 when it may now. */
export async function waitSeconds(db: Executor, key: string, now: Date): Promise<number> {
  const row = await repo.throttleState(db, key);
  if (!row?.lockedUntil || row.lockedUntil <= now) return 0;
  return Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000);
}

export function recordFailure(db: Executor, key: string, now: Date) {
  return repo.recordThrottledFailure(db, key, now, throttlePolicy);
}

export function clearFailures(db: Executor, key: string) {
  return repo.clearLoginFailures(db, key);
}
