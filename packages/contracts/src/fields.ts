import { z } from 'zod';
import { messages, type MessageCode } from './messages.js';
import { countryCodes, nameMaxLength, nameMinLength, passwordMinLength } from './constants.js';

/** A required trimmed string whose missing, wrong-typed and empty forms all give one message. */
export function requiredText(code: MessageCode) {
  return z.string({ error: messages[code] }).trim().min(1, { error: messages[code], abort: true });
}

export const emailField = () =>
  requiredText('emailRequired')
    .max(254, { error: messages.emailInvalid })
    .regex(z.regexes.email, { error: messages.emailInvalid })
    .toLowerCase();

export const passwordField = () =>
  z
    .string({ error: messages.passwordRequired })
    .min(1, { error: messages.passwordRequired, abort: true })
    .min(passwordMinLength, { error: messages.passwordTooShort })
    .max(200, { error: messages.passwordTooShort });

/**
 * True when a new password is the person's email address, its part before the @, or their name
 * (ignoring case and spaces): the first things an attacker tries.
 */
export function passwordIsIdentity(
  password: string,
  identity: { email?: string; name?: string },
): boolean {
  const squash = (text: string) => text.toLowerCase().replace(/\s+/g, '');
  const candidate = squash(password);
  const email = squash(identity.email ?? '');
  const forbidden = [email, email.split('@')[0] ?? '', squash(identity.name ?? '')];
  return forbidden.some((value) => value.length > 0 && value === candidate);
}

export const personNameField = () =>
  requiredText('nameRequired')
    .min(nameMinLength, { error: messages.nameTooShort })
    .max(nameMaxLength, { error: messages.nameTooLong });

export const countryCodeField = () => z.enum(countryCodes, { error: messages.countryCodeInvalid });

/** National number without the country dial code: digits only, 4 to 15 of them. */
export const phoneNumberField = (code: MessageCode = 'phoneRequired') =>
  requiredText(code)
    .transform((value) => value.replace(/[\s()-]/g, ''))
    .pipe(z.string().regex(/^\d{4,15}$/, { error: messages.phoneInvalid }));
