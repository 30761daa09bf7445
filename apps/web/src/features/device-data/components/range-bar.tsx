import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatReadingTime } from '../raw-format';
import { rangeKeys, type RangeChoice, type RangeKey } from '../ranges';

interface RangeBarProps {
  choice: RangeChoice;
  /** A preset or live was chosen. */
  onChoose: (key: Exclude<RangeKey, 'custom'>) => void;
  /** Custom was chosen, or its dates are to be changed: the chooseDate modal opens. */
  onChooseDates: () => void;
}

const isRangeKey = (value: string): value is RangeKey =>
  (rangeKeys as readonly string[]).includes(value);

/** The range selector (live, presets, custom) and, for a custom range, its dates. */
export function RangeBar({ choice, onChoose, onChooseDates }: RangeBarProps) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <NativeSelect
        label={t('deviceData.rangeLabel')}
        value={choice.key}
        w={160}
        data={rangeKeys.map((key) => ({ value: key, label: t(`deviceData.ranges.${key}`) }))}
        onChange={(event) => {
          const key = event.currentTarget.value;
          if (!isRangeKey(key)) return;
          if (key === 'custom') onChooseDates();
          else onChoose(key);
        }}
      />
      {choice.key === 'custom' && choice.custom && (
        <Group gap="xs" wrap="wrap">
          <Text size="sm" data-testid="custom-range">
            {t('deviceData.customRange', {
              from: formatReadingTime(choice.custom.from),
              to: formatReadingTime(choice.custom.to),
            })}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconCalendar size={14} />}
            onClick={onChooseDates}
          >
            {t('deviceData.changeDates')}
          </Button>
        </Group>
      )}
    </Group>
  );
}
