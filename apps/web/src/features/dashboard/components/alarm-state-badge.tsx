import { Badge } from '@mantine/core';
import type { RecentAlarm } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';

const colors: Record<RecentAlarm['state'], string> = {
  active: 'red',
  recovered: 'orange',
  acknowledged: 'teal',
};

/** active: out of range; recovered: back in range, awaiting acknowledgement; acknowledged. */
export function AlarmStateBadge({ state }: { state: RecentAlarm['state'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={colors[state]} variant="light" size="sm">
      {t(`alarmEvents.states.${state}`)}
    </Badge>
  );
}
