import { notifications } from '@mantine/notifications';
import { i18n } from './i18n';

/** A toast's close button, named for assistive technology (Mantine leaves it unnamed). */
export const toastCloseButton = () => ({ 'aria-label': i18n.t('app.dismiss') });

export function notifySuccess(message: string, detail?: string): void {
  notifications.show({
    closeButtonProps: toastCloseButton(),
    color: 'teal',
    title: detail ? message : undefined,
    message: detail ?? message,
    autoClose: detail ? 8000 : 4000,
  });
}

export function notifyError(message: string): void {
  notifications.show({
    closeButtonProps: toastCloseButton(),
    color: 'red',
    title: i18n.t('app.errorTitle'),
    message,
    autoClose: 6000,
  });
}

const offlineId = 'offline';

/** Spec platform 2: a persistent bottom-centre toast while the connection is lost. */
export function showOffline(): void {
  notifications.show({
    id: offlineId,
    color: 'orange',
    title: i18n.t('app.offlineTitle'),
    message: i18n.t('app.offlineText'),
    position: 'bottom-center',
    autoClose: false,
    withCloseButton: false,
    loading: true,
  });
}

export function hideOffline(): void {
  notifications.hide(offlineId);
}
