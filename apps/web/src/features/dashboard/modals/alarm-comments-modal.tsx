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
  const draft = useCommentDraft(alarm, onClose);
  return (
    <>
      <Modal
        opened={alarm !== null && !draft.confirming}
        onClose={draft.close}
        size="lg"
        title={t('alarmEvents.comments.title', { name: alarm?.alarmName ?? '' })}
        data-testid="recentAlarmComments"
      >
        {alarm && (
          <Stack gap="md">
            <AlarmSummary alarm={alarm} />
            <CommentList eventId={alarm.id} />
            <Divider />
            <CommentField draft={draft} />
            <FavouriteComments onPick={draft.change} />
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => {
                  if (draft.requireText()) draft.setConfirming(true);
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
        opened={alarm !== null && draft.confirming}
        title={t('alarmEvents.comments.confirmTitle')}
        confirmLabel={t('alarmEvents.comments.add')}
        loading={draft.add.isPending}
        onConfirm={draft.confirmAdd}
        onClose={() => {
          draft.setConfirming(false);
        }}
      >
        {t('alarmEvents.comments.confirmText', { comment: draft.text })}
      </ConfirmModal>
    </>
  );
}

/** The alarm's state, device, time and, once acknowledged, by whom and when. */
function AlarmSummary({ alarm }: { alarm: RecentAlarm }) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}

/** The comment being written, its error, and the confirmation step before it is added. */
function useCommentDraft(alarm: RecentAlarm | null, onClose: () => void) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const add = useAddComment();
  const favourites = useFavouriteComments(alarm !== null);
  const addFavourite = useAddFavourite();
  const text = comment.trim();
  const isFavourite = (favourites.data ?? []).some((favourite) => favourite.message === text);
  const change = (value: string) => {
    setComment(value);
    setError(undefined);
  };
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
  const draft = { comment, error, text, isFavourite, addFavourite, change };
  return { ...draft, confirming, setConfirming, add, close, requireText, confirmAdd };
}

/** The comment field and the star that saves its text as a favourite (once). */
function CommentField({ draft }: { draft: ReturnType<typeof useCommentDraft> }) {
  const { t } = useTranslation();
  const { comment, error, text, isFavourite, addFavourite } = draft;
  const starLabel = isFavourite
    ? t('alarmEvents.favourites.already')
    : t('alarmEvents.favourites.save');
  return (
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
          draft.change(event.currentTarget.value);
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
  );
}
