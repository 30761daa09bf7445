import {
  ActionIcon,
  Badge,
  Button,
  Divider,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { messages, type RecentAlarm } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { formatDateTime } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useAddComment, useAlarmComments } from '../api/alarm-comments';
import { useAddFavourite, useFavouriteComments } from '../api/favourite-comments';
import { AlarmStateBadge } from '../../../components/alarm-state-badge';
import { FavouriteComments } from './favourite-comments';

interface AlarmCommentsModalProps {
  alarm: RecentAlarm | null;
  onClose: () => void;
}

function CommentList({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const comments = useAlarmComments(eventId);
  const list = comments.data ?? [];
  if (comments.isSuccess && list.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('alarmEvents.comments.empty')}
      </Text>
    );
  return (
    <ScrollArea.Autosize mah={240}>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {list.map((comment) => (
          <Paper key={comment.id} component="li" withBorder p="xs" radius="sm">
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed">
                {t('alarmEvents.comments.by', {
                  author: comment.author ?? t('alarmEvents.comments.deletedUser'),
                  time: formatDateTime(comment.createdAt),
                })}
              </Text>
              {comment.isAcknowledgement && (
                <Badge size="xs" color="teal" variant="light">
                  {t('alarmEvents.comments.acknowledgement')}
                </Badge>
              )}
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {comment.comment}
            </Text>
          </Paper>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

/**
 * `recentAlarmComments` (spec monitoring 2-4): an alarm event's comments; adding one asks for
 * confirmation first; the star saves the current comment as a favourite once; favourites fill
 * the field. (An alarm is acknowledged from its row's Acknowledge button, in one step.)
 */
export function AlarmCommentsModal({ alarm, onClose }: AlarmCommentsModalProps) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const add = useAddComment();
  const favourites = useFavouriteComments(alarm !== null);
  const addFavourite = useAddFavourite();
  const text = comment.trim();
  const isFavourite = (favourites.data ?? []).some((favourite) => favourite.message === text);
  const close = () => {
    setComment('');
    setError(undefined);
    setConfirming(false);
    onClose();
  };
  const requireText = () => {
    if (text) return true;
    setError(translateMessage(messages.commentRequired));
    return false;
  };
  const confirmAdd = () => {
    if (!alarm) return;
    add.mutate(
      { eventId: alarm.id, comment: text },
      {
        onSuccess: () => {
          notifySuccess(t('alarmEvents.comments.added'));
          setComment('');
        },
        onSettled: () => {
          setConfirming(false);
        },
      },
    );
  };
  const starLabel = isFavourite
    ? t('alarmEvents.favourites.already')
    : t('alarmEvents.favourites.save');
  return (
    <>
      <Modal
        opened={alarm !== null && !confirming}
        onClose={close}
        size="lg"
        title={t('alarmEvents.comments.title', { name: alarm?.alarmName ?? '' })}
        data-testid="recentAlarmComments"
      >
        {alarm && (
          <Stack gap="md">
            <Group gap="xs">
              <AlarmStateBadge state={alarm.state} />
              <Text size="sm" c="dimmed">
                {`${alarm.deviceName} · ${formatDateTime(alarm.createdAt)}`}
              </Text>
            </Group>
            {alarm.acknowledgedAt && (
              <Text size="sm">
                {t('alarmEvents.acknowledge.by', {
                  name: alarm.acknowledgedBy ?? t('alarmEvents.comments.deletedUser'),
                  time: formatDateTime(alarm.acknowledgedAt),
                })}
              </Text>
            )}
            <CommentList eventId={alarm.id} />
            <Divider />
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <Textarea
                style={{ flex: 1 }}
                label={t('alarmEvents.comments.label')}
                placeholder={t('alarmEvents.comments.placeholder')}
                rows={3}
                maxLength={1000}
                value={comment}
                error={error}
                onChange={(event) => {
                  setComment(event.currentTarget.value);
                  setError(undefined);
                }}
              />
              <Tooltip label={starLabel}>
                <ActionIcon
                  variant="subtle"
                  color="yellow"
                  size="lg"
                  aria-label={starLabel}
                  aria-pressed={isFavourite}
                  disabled={!text || isFavourite}
                  loading={addFavourite.isPending}
                  onClick={() => {
                    addFavourite.mutate(text, {
                      onSuccess: () => {
                        notifySuccess(t('alarmEvents.favourites.added'));
                      },
                    });
                  }}
                >
                  {isFavourite ? <IconStarFilled size={20} /> : <IconStar size={20} />}
                </ActionIcon>
              </Tooltip>
            </Group>
            <FavouriteComments
              onPick={(message) => {
                setComment(message);
                setError(undefined);
              }}
            />
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  if (requireText()) setConfirming(true);
                }}
              >
                {t('alarmEvents.comments.add')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmModal
        name="confirmComment"
        opened={alarm !== null && confirming}
        title={t('alarmEvents.comments.confirmTitle')}
        confirmLabel={t('alarmEvents.comments.add')}
        loading={add.isPending}
        onConfirm={confirmAdd}
        onClose={() => {
          setConfirming(false);
        }}
      >
        {t('alarmEvents.comments.confirmText', { comment: text })}
      </ConfirmModal>
    </>
  );
}
