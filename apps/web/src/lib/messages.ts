import { messageCode, messages, type MessageCode } from '@vigil/contracts';
import { i18n } from './i18n';

const isMessageCode = (code: unknown): code is MessageCode =>
  typeof code === 'string' && Object.hasOwn(messages, code);

/**
 * Spec platform 5: the server's 'PhoneNumber is a required property.' is shown to people as
 * 'enter a valid phone number'.
 */
const shownAs: Partial<Record<MessageCode, MessageCode>> = { phoneRequiredServer: 'phoneInvalid' };

/**
 * A catalogue message (from the server or a contracts schema) in the interface language:
 * `errors.<code>`, with the English text as the fallback for anything outside the catalogue.
 */
export function translateMessage(message: string, code?: string): string {
  const known = isMessageCode(code) ? code : messageCode(message);
  if (!known) return message;
  const shown = shownAs[known] ?? known;
  return i18n.t(`errors.${shown}`, { defaultValue: message });
}
