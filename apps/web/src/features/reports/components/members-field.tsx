import { ActionIcon, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { messages } from '@vigil/contracts';
import { useState } from 'react';
import { translateMessage } from '../../../lib/messages';
import { addMember, type Member } from '../report-form-values';

interface MembersFieldProps {
  kind: 'device' | 'user';
  label: string;
  placeholder: string;
  emptyText: string;
  nothingFound: string;
  removeLabel: (member: Member) => string;
  /** What can be picked; a pick is added to the list below (a second pick of one is refused). */
  options: Member[];
  value: Member[];
  required?: boolean;
  loading?: boolean;
  onChange: (members: Member[]) => void;
  /** The form's message for this list ('at least one device...'), in the interface language. */
  error?: string;
}

/**
 * A picker that adds devices or users to the report one at a time, and the list of those
 * added, each with a remove button. Picking one already in the list shows the spec's
 * 'device already exists' / 'user already exists'.
 */
export function MembersField(props: MembersFieldProps) {
  const { kind, label, placeholder, emptyText, removeLabel, options, value, onChange } = props;
  // The picker empties after each pick (and keeps the focus for the next one).
  const [search, setSearch] = useState('');
  // 'device already exists' / 'user already exists' under the picker until the next pick.
  const [duplicate, setDuplicate] = useState<string>();
  const pick = (id: string | null) => {
    const member = options.find((option) => option.id === id);
    setSearch('');
    if (!member) return;
    const result = addMember(value, member, kind);
    if ('issue' in result) {
      setDuplicate(translateMessage(messages[result.issue], result.issue));
      return;
    }
    setDuplicate(undefined);
    onChange(result.list);
  };
  return (
    <Stack gap={6}>
      <Select
        label={label}
        placeholder={placeholder}
        required={props.required}
        searchable
        nothingFoundMessage={props.nothingFound}
        disabled={props.loading}
        data={options.map((option) => ({
          value: option.id,
          label: option.email ? `${option.label} (${option.email})` : option.label,
        }))}
        value={null}
        error={duplicate ?? props.error}
        searchValue={search}
        onSearchChange={setSearch}
        onChange={pick}
      />
      <Paper withBorder radius="md" px="sm" py={6} aria-label={label} component="section">
        <MemberList
          members={value}
          emptyText={emptyText}
          removeLabel={removeLabel}
          onRemove={(member) => {
            onChange(value.filter((other) => other.id !== member.id));
          }}
        />
      </Paper>
    </Stack>
  );
}

interface MemberListProps {
  members: Member[];
  emptyText: string;
  removeLabel: (member: Member) => string;
  onRemove: (member: Member) => void;
}

/** The devices or users added, each with its remove button; the empty text while none is. */
function MemberList({ members, emptyText, removeLabel, onRemove }: MemberListProps) {
  return members.length === 0 ? (
    <Text size="sm" c="dimmed">
      {emptyText}
    </Text>
  ) : (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {members.map((member) => (
        <Group key={member.id} component="li" justify="space-between" wrap="nowrap">
          <Text size="sm" truncate>
            {member.email ? `${member.label} (${member.email})` : member.label}
          </Text>
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            aria-label={removeLabel(member)}
            onClick={() => {
              onRemove(member);
            }}
          >
            <IconX size={14} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
