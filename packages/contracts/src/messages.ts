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
  accountAlreadyDeleted: 'this account is already deleted',
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
  // alarm events: acknowledgement, comments, favourites, downloads
  commentRequired: 'please enter a comment',
  commentTooLong: "comment shouldn't be longer than 1000 characters",
  alarmAlreadyAcknowledged: 'this alarm has already been acknowledged',
  favouriteExists: 'this comment is already a favourite',
  alarmReportRangeTooLong: 'alarm reports cover at most 12 months',
  // alarm definitions, alert profiles and light alarms
  alarmNameRequired: 'please enter alarm name',
  alarmNameTooShort: 'alarm name must be at least 2 characters',
  alarmNameTooLong: "alarm name shouldn't be longer than 30 characters",
  waterSensorRequired: 'please enable water sensor',
  alarmRecipientRequired: 'please select at least one user or enable notify admin',
  alarmRangeRequired: 'please enter both min and max for each enabled sensor',
  alarmRangeOrder: 'max should be greater than min',
  alarmRangeOutOfBounds: 'the value is outside the allowed range for this sensor',
  alarmUserInvalid: 'please enter valid email or phone number for a user',
  alarmUserDuplicate: 'this user is already added to the alarm',
  alarmDelayInvalid: 'please choose a delay',
  alarmFrequencyInvalid: 'please choose an alarm frequency',
  voiceCallDisabled: 'voice call alerts are not enabled for this account',
  alarmFromProfile: 'this alarm comes from an alert profile; change it through the profile',
  alarmOfOwner: 'this alarm was created by an account owner; a user cannot change it',
  profileNameRequired: 'profile name is required',
  profileNameTooShort: 'profile name must be at least 2 characters',
  profileNameTooLong: "profile name shouldn't be longer than 30 characters",
  profileDeviceRequired: 'at least one device is required to select',
  profileChannelRequired: 'select at least one toggle either email or text when alarm is enabled',
  lightSensorMissing: 'this device has no light sensor',
  lightWindowInvalid: 'the end of a time window must be after its start',
  // notifications and message templates
  templateTitleRequired: 'please enter a title',
  templateTextRequired: 'please enter a template',
  cannotDeleteTemplate: 'Cant delete template!',
  templateRequired: 'please choose a template',
  messageTypeRequired: 'please choose a type',
  messageMethodRequired: 'please choose a method',
  smsLimitInvalid: 'please enter a valid SMS limit',
  webhookUrlInvalid: 'please enter a valid http or https URL',
  // firmware and OTA
  gatewayUploaded: 'Gateway uploaded successfully',
  firmwareUpdated: 'Node Devices/Gateway updated successfully',
  firmwareFileRequired: 'please choose at least one firmware file (loraFw, espFw or nextion)',
  firmwareFileType: 'only .bin and .tft firmware files are accepted',
  firmwareFileTooLarge: 'the firmware file is too large',
  firmwareFileEmpty: 'the firmware file is empty',
  firmwareEspNotForNodes: 'node devices take no espFw file',
  firmwarePartUnknown: 'unknown upload part; use target, loraFw, espFw, nextion and their versions',
  firmwareVersionRequired: 'please enter the firmware version (it is not in the file name)',
  firmwareNotFound: 'no uploaded firmware for this update; upload one first',
  gatewayOffline: 'the gateway is offline; try again once it is connected',
  deviceHasNoGateway: 'this device has no gateway to update it through',
  brokerUnavailable: 'the MQTT broker cannot be reached from here',
  loraFrequencyMissing: 'this gateway has no LoRa frequency set',
} as const;

export type MessageCode = keyof typeof messages;

const codeByText = new Map<string, MessageCode>(
  (Object.entries(messages) as [MessageCode, string][]).map(([code, text]) => [text, code]),
);

/** The code of a catalogue text, or undefined for a text outside the catalogue. */
export function messageCode(text: string): MessageCode | undefined {
  return codeByText.get(text);
}
