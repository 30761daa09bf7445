import type { Language } from '@vigil/contracts';
import type { MailMessage } from '../../notify/email.js';

/** Mails that carry a single-use token link. */
export type TokenMailKind = 'confirm' | 'reset' | 'invite';
/** `signupAttempt` tells an existing person that someone signed up with their email. */
export type AuthMailKind = TokenMailKind | 'signupAttempt';

type Texts = { subject: string; greeting: string; body: string; action: string; footer: string };

const texts: Record<Language, Record<AuthMailKind, Texts>> = {
  en: {
    confirm: {
      subject: 'Confirm your Vigil account',
      greeting: 'Hello {name},',
      body: 'Thank you for signing up to Vigil. Please confirm your email address to activate your account.',
      action: 'Confirm my email address',
      footer: 'The link is valid for 48 hours. If you did not sign up, you can ignore this email.',
    },
    reset: {
      subject: 'Reset your Vigil password',
      greeting: 'Hello {name},',
      body: 'Someone asked to reset the password of your Vigil account. Use the link below to choose a new one.',
      action: 'Choose a new password',
      footer:
        'The link is valid for one hour and works once. If you did not ask for it, you can ignore this email.',
    },
    invite: {
      subject: 'You have been invited to Vigil',
      greeting: 'Hello {name},',
      body: '{inviter} has invited you to monitor the equipment of {company} in Vigil. Choose a password to activate your account.',
      action: 'Choose my password',
      footer: 'The link is valid for 7 days and works once.',
    },
    signupAttempt: {
      subject: 'Someone tried to sign up to Vigil with your email',
      greeting: 'Hello {name},',
      body: 'Someone just tried to create a new Vigil account with your email address, which already has an account. No new account was created. If it was you, sign in, or choose a new password if you have forgotten yours.',
      action: 'Forgot my password',
      footer: 'If it was not you, you can ignore this email: your account is unchanged.',
    },
  },
  pl: {
    confirm: {
      subject: 'Potwierdź swoje konto Vigil',
      greeting: 'Dzień dobry {name},',
      body: 'Dziękujemy za rejestrację w Vigil. Potwierdź swój adres e-mail, aby aktywować konto.',
      action: 'Potwierdzam adres e-mail',
      footer:
        'Link jest ważny przez 48 godzin. Jeśli to nie Ty się rejestrowałeś, zignoruj tę wiadomość.',
    },
    reset: {
      subject: 'Zresetuj hasło do Vigil',
      greeting: 'Dzień dobry {name},',
      body: 'Otrzymaliśmy prośbę o zresetowanie hasła do Twojego konta Vigil. Użyj poniższego linku, aby ustawić nowe hasło.',
      action: 'Ustaw nowe hasło',
      footer:
        'Link jest ważny przez godzinę i działa jeden raz. Jeśli to nie Ty prosiłeś o reset, zignoruj tę wiadomość.',
    },
    invite: {
      subject: 'Zaproszenie do Vigil',
      greeting: 'Dzień dobry {name},',
      body: '{inviter} zaprasza Cię do monitorowania urządzeń firmy {company} w Vigil. Ustaw hasło, aby aktywować konto.',
      action: 'Ustaw moje hasło',
      footer: 'Link jest ważny przez 7 dni i działa jeden raz.',
    },
    signupAttempt: {
      subject: 'Ktoś próbował zarejestrować się w Vigil Twoim adresem e-mail',
      greeting: 'Dzień dobry {name},',
      body: 'Ktoś właśnie próbował założyć nowe konto Vigil z Twoim adresem e-mail, który ma już konto. Nowe konto nie zostało utworzone. Jeśli to Ty, zaloguj się lub ustaw nowe hasło, jeśli go nie pamiętasz.',
      action: 'Nie pamiętam hasła',
      footer: 'Jeśli to nie Ty, zignoruj tę wiadomość: Twoje konto pozostało bez zmian.',
    },
  },
  de: {
    confirm: {
      subject: 'Bestätigen Sie Ihr Vigil-Konto',
      greeting: 'Guten Tag {name},',
      body: 'Vielen Dank für Ihre Registrierung bei Vigil. Bitte bestätigen Sie Ihre E-Mail-Adresse, um Ihr Konto zu aktivieren.',
      action: 'E-Mail-Adresse bestätigen',
      footer:
        'Der Link ist 48 Stunden gültig. Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.',
    },
    reset: {
      subject: 'Vigil-Passwort zurücksetzen',
      greeting: 'Guten Tag {name},',
      body: 'Es wurde angefordert, das Passwort Ihres Vigil-Kontos zurückzusetzen. Über den folgenden Link wählen Sie ein neues.',
      action: 'Neues Passwort wählen',
      footer:
        'Der Link ist eine Stunde gültig und funktioniert einmal. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.',
    },
    invite: {
      subject: 'Einladung zu Vigil',
      greeting: 'Guten Tag {name},',
      body: '{inviter} hat Sie eingeladen, die Geräte von {company} in Vigil zu überwachen. Wählen Sie ein Passwort, um Ihr Konto zu aktivieren.',
      action: 'Mein Passwort wählen',
      footer: 'Der Link ist 7 Tage gültig und funktioniert einmal.',
    },
    signupAttempt: {
      subject: 'Jemand wollte sich mit Ihrer E-Mail-Adresse bei Vigil registrieren',
      greeting: 'Guten Tag {name},',
      body: 'Soeben wollte jemand ein neues Vigil-Konto mit Ihrer E-Mail-Adresse anlegen, für die bereits ein Konto besteht. Es wurde kein neues Konto angelegt. Waren Sie das, melden Sie sich an oder wählen Sie ein neues Passwort, falls Sie Ihres vergessen haben.',
      action: 'Passwort vergessen',
      footer:
        'Waren Sie das nicht, können Sie diese E-Mail ignorieren: Ihr Konto bleibt unverändert.',
    },
  },
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

/** An account mail (confirmation, reset, invitation, sign-up attempt) in the recipient's language, with its one link. */
export function authMail(
  kind: AuthMailKind,
  language: Language,
  to: string,
  link: string,
  values: { name: string; inviter?: string; company?: string },
): MailMessage {
  const t = texts[language][kind];
  const vars = { name: values.name, inviter: values.inviter ?? '', company: values.company ?? '' };
  const greeting = fill(t.greeting, vars);
  const body = fill(t.body, vars);
  const html = `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;color:#fff;border-radius:4px;text-decoration:none">${escapeHtml(t.action)}</a></p>
<p style="color:#555">${escapeHtml(link)}</p>
<p style="color:#555;font-size:13px">${escapeHtml(t.footer)}</p>
</body></html>`;
  const text = `${greeting}\n\n${body}\n\n${t.action}: ${link}\n\n${t.footer}\n`;
  return { to, subject: t.subject, text, html };
}
