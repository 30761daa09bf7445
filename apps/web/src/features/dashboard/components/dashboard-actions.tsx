import { Button } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface DashboardActionsProps {
  locked: boolean;
  onToggleLock: () => void;
  onConfigure: () => void;
}

/** The page header's buttons: lock or unlock the grid, and choose the cards. */
export function DashboardActions({ locked, onToggleLock, onConfigure }: DashboardActionsProps) {
  const { t } = useTranslation();
  const LockIcon = locked ? IconLock : IconLockOpen;
  return (
    <>
      <Button
        variant="default"
        leftSection={<LockIcon size={18} />}
        aria-pressed={locked}
        onClick={onToggleLock}
      >
        {locked ? t('dashboard.grid.unlock') : t('dashboard.grid.lock')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconAdjustmentsHorizontal size={18} />}
        onClick={onConfigure}
      >
        {t('dashboard.configure.open')}
      </Button>
    </>
  );
}
