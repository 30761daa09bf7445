import { describe, expect, it } from 'vitest';
import {
  addUserBody,
  loginBody,
  messageCode,
  messages,
  offlineAlarmSettings,
  signupBody,
} from './index.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('shared field rules', () => {
  it.each([
    ['', messages.emailRequired],
    ['   ', messages.emailRequired],
    ['plainaddress', messages.emailInvalid],
    ['a@b', messages.emailInvalid],
  ])('refuses the email %j with the right message', (email, message) => {
    expect(firstMessage(loginBody.safeParse({ email, password: 'x' }))).toBe(message);
  });

  it('normalises an email to trimmed lower case', () => {
    expect(loginBody.parse({ email: '  Owner@Demo.VIGIL.test ', password: 'x' }).email).toBe(
      'owner@demo.vigil.test',
    );
  });

  it('strips spaces, dashes and brackets from a phone number and wants 4 to 15 digits', () => {
    const base = { name: 'Ada', email: 'ada@example.com', countryCode: '+44' };
    expect(addUserBody.parse({ ...base, phoneNumber: '(020) 7946-0000' }).phoneNumber).toBe(
      '02079460000',
    );
    expect(firstMessage(addUserBody.safeParse({ ...base, phoneNumber: '' }))).toBe(
      messages.phoneRequiredServer,
    );
    expect(firstMessage(addUserBody.safeParse({ ...base, phoneNumber: '123' }))).toBe(
      messages.phoneInvalid,
    );
    expect(firstMessage(addUserBody.safeParse({ ...base, phoneNumber: '1'.repeat(16) }))).toBe(
      messages.phoneInvalid,
    );
  });

  it('gives sign-up its spec messages in field order', () => {
    const result = signupBody.safeParse({
      name: 'A',
      email: 'x@y.example',
      password: '12345',
      companyName: 'Lab',
      countryCode: '+44',
      phoneNumber: '',
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      messages.nameTooShort,
      messages.passwordTooShort,
      messages.phoneRequired,
    ]);
  });

  it('accepts only the offline alarm options of the spec', () => {
    expect(
      offlineAlarmSettings.safeParse({ offlineAlarmEnable: 1, maxAlarms: 24, alarmFrequency: 120 })
        .success,
    ).toBe(true);
    expect(
      firstMessage(
        offlineAlarmSettings.safeParse({
          offlineAlarmEnable: 1,
          maxAlarms: 24,
          alarmFrequency: 15,
        }),
      ),
    ).toBe(messages.offlineFrequencyInvalid);
  });

  it('maps every catalogue text back to its code', () => {
    for (const [code, text] of Object.entries(messages)) expect(messageCode(text)).toBe(code);
    expect(messageCode('not in the catalogue')).toBeUndefined();
  });
});
