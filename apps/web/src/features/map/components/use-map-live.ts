import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify';
import { useLiveChannel, useLiveEvent } from '../../../lib/socket';
import { applyMapLiveData, applyMapNotification, nextSounding } from '../api/live-map';
import { toastCloseButton } from '../../../lib/notify';

/** Spec monitoring 7: the map socket listens live (timeValue 0). */
const mapSocketQuery = { timeValue: 0 };

const toastColours = { error: 'red', info: 'blue' } as const;

/**
 * The map socket (spec monitoring 4, 7): dot colours and tooltip readings into the cache, a
 * toast for each offline and info notification, and whether the alarm sound should play.
 * Without the person's email the socket cannot be joined: a toast asks them to sign in again.
 */
export function useMapLive(email: string | undefined): { sounding: boolean } {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const channel = useLiveChannel(email ? mapSocketQuery : null);
  const [sounding, setSounding] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    if (!email) notifyError(t('map.loginAgain'));
  }, [email, t]);
  useLiveEvent(channel, 'mapNotification', (event) => {
    applyMapNotification(queryClient, event);
    setSounding((current) => nextSounding(current, event));
    // An alarm is toasted (and sounded) by the shell for every page; the map adds its own
    // toasts for devices going offline and for information.
    if (event.status === 'success' || (event.status === 'error' && event.type === 'alarm')) return;
    notifications.show({
      closeButtonProps: toastCloseButton(),
      color: toastColours[event.status],
      title: t(`map.notifications.${event.status === 'info' ? 'info' : event.type}`),
      message: event.msg,
      autoClose: event.status === 'error' ? 10_000 : 6000,
    });
  });
  useLiveEvent(channel, 'mapLiveData', (event) => {
    applyMapLiveData(queryClient, event);
  });
  return { sounding: sounding.size > 0 };
}
