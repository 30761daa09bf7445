/**
 * Every validation and error text the server can answer with, keyed by a stable code.
 * The texts are the spec's own where it gives one. The web app translates by code
 * (`errors.<code>` in its locales) and falls back to this English text.
 */
export const messages = {
  // generic
  notFound: '404 not found',
  forbidden: 'You do not have permission to do this',
  unauthorized: 'You are not authorized, please login again',
  invalidRequest: 'The request is not valid',
  somethingWentWrong: 'something went wrong',
  tooManyRequests: 'Too many requests, please try again later',
  // sign-in and sign-up
  emailRequired: 'email is required',
  emailInvalid: 'please enter a valid email',
  passwordRequired: 'password is required',
  passwordTooShort: 'password must be at least 6 characters',
  passwordsMustMatch: 'passwords must match',
  nameRequired: 'name is required',
  nameTooShort: 'name must be at least 2 characters',
  nameTooLong: "name shouldn't be longer than 50 characters",
  companyRequired: 'company name is required',
  consentRequired: 'please accept the terms and conditions and the privacy policy',
  invalidCredentials: 'invalid email or password',
  emailNotConfirmed: 'please confirm your email address before signing in',
  accountDisabled: 'this account has been disabled',
  tooManyLoginAttempts: 'too many sign-in attempts, please try again in 15 minutes',
  emailTaken: 'a user with this email already exists',
  tokenInvalid: 'this link is invalid or has expired',
  // users
  phoneRequired: 'please enter phone number',
  phoneRequiredServer: 'PhoneNumber is a required property.',
  phoneInvalid: 'enter a valid phone number',
  countryCodeInvalid: 'please choose a country code',
  emailReadOnly: 'only a platform administrator can change an email address',
  roleNotAllowed: 'this role cannot be given here',
  accountRequired: 'please choose account',
  cannotDeleteSelf: 'you cannot delete yourself',
  cannotDeleteUser:
    'Cant delete user! Some devices, alarms or reports may have been Assigned to this user',
  lastOwner: 'an account needs at least one owner',
  // account settings
  temperatureUnitInvalid: 'temperature unit must be C or F',
  offlineFrequencyInvalid: 'please choose an offline alarm frequency',
  // audit
  dateRangeInvalid: 'start date should not be greater than end date',
  // devices, gateways, locations
  deviceNameRequired: 'device name is required',
  deviceNameTooShort: 'device name must be at least 2 characters',
  deviceNameTooLong: "device name shouldn't be longer than 30 characters",
  deviceIdRequired: 'device ID is required',
  deviceIdInvalid: 'please enter a valid device ID (hexadecimal, e.g. 00:1a:2b:3c:4d:5e)',
  deviceIdTaken: 'a device with this ID already exists',
  gatewayNameRequired: 'gateway name is required',
  gatewayNameTooShort: 'gateway name must be at least 3 characters',
  gatewayNameTooLong: "gateway name shouldn't be longer than 50 characters",
  gatewayIdRequired: 'gateway ID is required',
  gatewayIdInvalid:
    'please enter a valid gateway ID (2 to 64 letters, digits, colons, dots, dashes or underscores)',
  gatewayIdTaken: 'a gateway with this ID already exists',
  equipmentTypeInvalid: 'please choose an equipment type',
  ttlInvalid: 'please choose when the first offline alert is sent',
  timezoneInvalid: 'please choose a valid timezone',
  locationRequired: 'location is required',
  locationTooLong: "location name shouldn't be longer than 50 characters",
  deviceRequired: 'please select a device',
  userRequired: 'please select a user',
  unlockMismatch: "password didn't match",
  unlockRequired: 'enter your password to change the ID',
  tooManyUnlockAttempts: 'too many wrong passwords, please try again in 15 minutes',
  gatewayHasDevices: 'this gateway still has devices; move or delete them first',
  userNotAssignable: 'only a user of this account can be assigned to its devices',
  // readings and exports
  rangeInvalid: 'please ensure that the end date is greater than or equal to the start date',
  rangeTooLong: 'the chosen range is too long',
  taskTypeUnavailable: 'audit log exports are not available yet',
  exportNotReady: 'the export is not ready yet; please try again when its task has completed',
  apiKeyInvalid: 'invalid API key',
  payloadInvalid: 'the payload does not match the gateway contract',
} as const;

export type MessageCode = keyof typeof messages;

const codeByText = new Map<string, MessageCode>(
  (Object.entries(messages) as [MessageCode, string][]).map(([code, text]) => [text, code]),
);

/** The code of a catalogue text, or undefined for a text outside the catalogue. */
export function messageCode(text: string): MessageCode | undefined {
  return codeByText.get(text);
}
