import { z } from 'zod';
import { data } from './common.js';
import { roles } from './constants.js';
import {
  countryCodeField,
  emailField,
  passwordField,
  passwordIsIdentity,
  personNameField,
  phoneNumberField,
  requiredText,
} from './fields.js';
import { messages } from './messages.js';

export const loginBody = z.object({
  email: emailField(),
  password: z
    .string({ error: messages.passwordRequired })
    .min(1, { error: messages.passwordRequired }),
  panelId: z.string().optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const session = z.object({
  jwt: z.string(),
  sessionId: z.uuid(),
  email: z.string(),
  role: z.enum(roles),
  userId: z.uuid(),
});
export type Session = z.infer<typeof session>;
export const loginReply = data(session);

/** The sign-up fields, each with its own rule (the web form picks from these). */
export const signupFields = z.object({
  name: personNameField(),
  email: emailField(),
  password: passwordField(),
  companyName: requiredText('companyRequired').max(100, { error: messages.companyRequired }),
  countryCode: countryCodeField(),
  phoneNumber: phoneNumberField(),
  role: z.literal('super_user').default('super_user'),
  language: z.enum(['en', 'pl', 'de']).default('en'),
});
/** The sign-up body: the fields, and a password that is not the email or the name. */
export const signupBody = signupFields.superRefine((body, context) => {
  if (passwordIsIdentity(body.password, body)) {
    context.addIssue({ code: 'custom', message: messages.passwordIsIdentity, path: ['password'] });
  }
});
export type SignupBody = z.input<typeof signupBody>;

export const forgotBody = z.object({ email: emailField() });
export const tokenParams = z.object({ token: z.string().min(16).max(200) });
export const emailTokenParams = z.object({ emailToken: z.string().min(16).max(200) });
export const resetBody = z.object({ password: passwordField() });

export const tokenPurpose = z.enum(['reset', 'invite']);
export const tokenCheckReply = data(z.object({ email: z.string(), purpose: tokenPurpose }));
export const messageReply = data(z.object({ message: z.string() }));
