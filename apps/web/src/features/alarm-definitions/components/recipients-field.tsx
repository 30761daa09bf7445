import {
  ActionIcon,
  Button,
  Group,
  Input,
  MultiSelect,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { defaultCountryCode, messages } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneFields } from '../../../components/phone-fields';
import { translateMessage } from '../../../lib/messages';
import { useRecipientOptions } from '../api/form-options';
import type { RecipientDraft } from '../form-values';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface RecipientsFieldProps {
  recipients: RecipientDraft[];
  /** Only an account owner picks existing users (spec monitoring 5). */
  canPickUsers: boolean;
  onChange: (recipients: RecipientDraft[]) => void;
  /** The recipients' validation message (at least one; a bad or repeated contact). */
  error?: string;
}

/** The alarm's recipients: existing users (owners) and contacts added by email and phone. */
export function RecipientsField(props: RecipientsFieldProps) {
  const { recipients, canPickUsers, onChange, error } = props;
  const { t } = useTranslation();
  const people = useRecipientOptions(canPickUsers);
  const contacts = recipients.filter((r) => r.userId === undefined);
  const picked = recipients.flatMap((r) => (r.userId === undefined ? [] : [r.userId]));
  const options = (people.data ?? []).map((person) => ({
    value: person.id,
    label: `${person.name} (${person.email})`,
  }));
  const pick = (ids: string[]) => {
    const users = ids.map((id) => {
      const person = people.data?.find((p) => p.id === id);
      const existing = recipients.find((r) => r.userId === id);
      return (
        existing ?? {
          userId: id,
          label: person?.name ?? id,
          email: person?.email ?? '',
          countryCode: defaultCountryCode,
          phoneNumber: '',
        }
      );
    });
    onChange([...users, ...contacts]);
  };
  return (
    <Stack gap="sm">
      {canPickUsers && (
        <MultiSelect
          label={t('alarmDefinitions.form.users')}
          placeholder={t('alarmDefinitions.form.usersPlaceholder')}
          data={options}
          value={picked}
          onChange={pick}
          searchable
          clearable
          error={error}
        />
      )}
      <ContactList
        contacts={contacts}
        onRemove={(contact) => {
          onChange(recipients.filter((r) => r !== contact));
        }}
      />
      <AddContact
        onAdd={(contact) => {
          const taken = recipients.some(
            (r) => r.email.toLowerCase() === contact.email.toLowerCase(),
          );
          if (taken) return messages.alarmUserDuplicate;
          onChange([...recipients, contact]);
          return undefined;
        }}
      />
      {!canPickUsers && error && <Input.Error>{error}</Input.Error>}
    </Stack>
  );
}

interface ContactListProps {
  contacts: RecipientDraft[];
  onRemove: (contact: RecipientDraft) => void;
}

/** The contacts added by email and phone, each with its remove button. */
function ContactList({ contacts, onRemove }: ContactListProps) {
  const { t } = useTranslation();
  if (contacts.length === 0) return null;
  return (
    <Stack gap={4}>
      {contacts.map((contact) => (
        <Group key={contact.email} justify="space-between" wrap="nowrap">
          <Text size="sm">
            {contact.email} · {contact.countryCode} {contact.phoneNumber}
          </Text>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('alarmDefinitions.form.removeContact', { email: contact.email })}
            onClick={() => {
              onRemove(contact);
            }}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}

/** A contact by email and phone; `onAdd` answers a catalogue message when it refuses it. */
function AddContact({ onAdd }: { onAdd: (contact: RecipientDraft) => string | undefined }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  const [email, setEmail] = useState('');
  const [countryCode, setCountryCode] = useState<string>(defaultCountryCode);
  const [phoneNumber, setPhoneNumber] = useState('');
  const add = () => {
    const phone = phoneNumber.replace(/[\s()-]/g, '');
    if (!emailPattern.test(email.trim()) || !/^\d{4,15}$/.test(phone)) {
      setError(messages.alarmUserInvalid);
      return;
    }
    const refused = onAdd({
      label: email.trim(),
      email: email.trim().toLowerCase(),
      countryCode,
      phoneNumber: phone,
    });
    setError(refused);
    if (!refused) {
      setEmail('');
      setPhoneNumber('');
    }
  };
  return (
    <Paper withBorder p="sm" radius="md">
      <Text fw={500} size="sm" mb="xs">
        {t('alarmDefinitions.form.addContact')}
      </Text>
      <Stack gap="xs">
        <TextInput
          label={t('alarmDefinitions.form.contactEmail')}
          type="email"
          value={email}
          error={error && translateMessage(error)}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(undefined);
          }}
        />
        <PhoneFields
          required={false}
          countryCode={{ value: countryCode, onChange: setCountryCode }}
          phoneNumber={{ value: phoneNumber, onChange: setPhoneNumber }}
        />
        <Group justify="flex-end">
          <Button variant="light" size="xs" onClick={add}>
            {t('alarmDefinitions.form.addContactButton')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
