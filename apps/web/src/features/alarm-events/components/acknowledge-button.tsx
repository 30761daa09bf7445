import { Button } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AcknowledgeModal, type AcknowledgedAlarm } from './acknowledge-modal';

/**
 * "Acknowledge" on an alarm's row: opens the signature modal in one step. Every list of alarms
 * shows it (top bar, Recent alarms, the events page, the device's panel); app/ hands it to the
 * features that cannot import this one.
 */
export function AcknowledgeButton({
  alarm,
  compact = false,
}: {
  alarm: AcknowledgedAlarm;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size={compact ? 'compact-xs' : 'compact-sm'}
        // The darker teal: its white text reads at 4.5:1 or more.
        color="teal.9"
        leftSection={<IconSignature size={14} />}
        aria-label={t('alarmAttention.acknowledge.for', {
          name: alarm.name,
          device: alarm.deviceName,
        })}
        style={{ flexShrink: 0 }}
        onClick={() => {
          setOpened(true);
        }}
      >
        {t('alarmAttention.acknowledge.button')}
      </Button>
      <AcknowledgeModal
        alarm={opened ? alarm : null}
        onClose={() => {
          setOpened(false);
        }}
      />
    </>
  );
}
