import { ActionIcon, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteFavourite, useFavouriteComments } from '../api/favourite-comments';

interface FavouriteCommentsProps {
  onPick: (message: string) => void;
}

/** The person's favourite comments: pick one into the comment field, or delete it. */
export function FavouriteComments({ onPick }: FavouriteCommentsProps) {
  const { t } = useTranslation();
  const favourites = useFavouriteComments(true);
  const remove = useDeleteFavourite();
  const list = favourites.data ?? [];
  return (
    <Stack gap={4} aria-label={t('alarmEvents.favourites.title')} role="group">
      <Text size="sm" fw={500}>
        {t('alarmEvents.favourites.title')}
      </Text>
      {list.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('alarmEvents.favourites.empty')}
        </Text>
      )}
      {list.map((favourite) => (
        <Group key={favourite.id} gap="xs" wrap="nowrap">
          <UnstyledButton
            style={{ flex: 1, minWidth: 0 }}
            aria-label={t('alarmEvents.favourites.use', { message: favourite.message })}
            onClick={() => {
              onPick(favourite.message);
            }}
          >
            <Text size="sm" truncate>
              {favourite.message}
            </Text>
          </UnstyledButton>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('alarmEvents.favourites.delete', { message: favourite.message })}
            loading={remove.isPending && remove.variables === favourite.id}
            onClick={() => {
              remove.mutate(favourite.id, {
                onSuccess: () => {
                  notifySuccess(t('alarmEvents.favourites.deleted'));
                },
              });
            }}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
