import { passwordIsIdentity, type MessageCode } from '@vigil/contracts';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { badRequest } from '../errors.js';

/** zxcvbn's 3 of 0..4: "safely unguessable", well beyond the common-password lists. */
export const minimumScore = 3;

/** Suffixes a language pack's dictionary names, so that en, de and pl word lists do not collide. */
const suffixed = (dictionary: Record<string, string[]>, suffix: string) =>
  Object.fromEntries(
    Object.entries(dictionary).map(([name, words]) => [`${name}-${suffix}`, words]),
  );

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * zxcvbn-ts with the common password lists and the English, German and Polish words (the
 * interface's languages). Its dictionaries take ~0.4 s to load: done once, on first use.
 */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [core, common, en, de, pl] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
      import('@zxcvbn-ts/language-de'),
      import('@zxcvbn-ts/language-pl'),
    ]);
    return new core.ZxcvbnFactory({
      dictionary: {
        ...common.dictionary,
        ...en.dictionary,
        ...suffixed(de.dictionary, 'de'),
        ...suffixed(pl.dictionary, 'pl'),
      },
      graphs: common.adjacencyGraphs,
    });
  })();
  return estimator;
}

export type PasswordIdentity = { email?: string; name?: string; companyName?: string };

/**
 * Why a new password is refused, beyond the length the shared schema checks: it is the
 * person's email or name, or an estimator finds it common or easy to guess (their own email,
 * name and company count as known words). Undefined for a good password.
 */
export async function passwordProblem(
  password: string,
  identity: PasswordIdentity,
): Promise<MessageCode | undefined> {
  if (passwordIsIdentity(password, identity)) return 'passwordIsIdentity';
  const known = [
    identity.email,
    identity.email?.split('@')[0],
    identity.name,
    identity.companyName,
  ];
  const result = (await loadEstimator()).check(
    password,
    known.filter((word): word is string => Boolean(word)),
  );
  return result.score < minimumScore ? 'passwordTooWeak' : undefined;
}

/** 400 naming `password` with the reason, unless the password is good. */
export async function requireStrongPassword(
  password: string,
  identity: PasswordIdentity,
): Promise<void> {
  const problem = await passwordProblem(password, identity);
  if (problem) throw badRequest(problem, 'password');
}
