import { Checkbox, Group, Input, NumberInput, RangeSlider, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import {
  alarmMetrics,
  temperatureMetrics,
  type AlarmMetricKey,
  type TemperatureUnit,
} from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { metricBounds, type MetricDraft, type Range } from '../form-values';
import { fromLogPosition, logSteps, toLogPosition } from '../log-scale';

const step = 0.1;

function unitOf(key: AlarmMetricKey, unit: TemperatureUnit): string {
  if (temperatureMetrics.includes(key)) return `°${unit}`;
  return key === 'pressure' ? 'hPa' : '%';
}

/** What both numbers beside the slider share: size, step, decimals, bounds and enabled. */
const boundInputProps = (bounds: Range, enabled: boolean) =>
  ({
    w: 110,
    size: 'xs',
    step,
    decimalScale: 1,
    min: bounds[0],
    max: bounds[1],
    disabled: !enabled,
  }) as const;

interface RangeFieldProps {
  label: string;
  suffix: string;
  bounds: Range;
  /** Without a toggle (the light profile's lux range is always on). */
  withToggle?: boolean;
  /** A logarithmic slider (lux: 1 to 65536); the numbers beside it stay exact. */
  logarithmic?: boolean;
  enabled: boolean;
  range: Range;
  onEnabledChange: (enabled: boolean) => void;
  onRangeChange: (range: Range) => void;
  /** Validation messages of the lower and upper bound, shown under the range. */
  errors?: [string | undefined, string | undefined];
}

/** An enable checkbox, a range slider (step 0.1, handles cannot cross) and the two numbers. */
export function RangeField(props: RangeFieldProps) {
  const { t } = useTranslation();
  const { label, suffix, bounds, enabled, range, onEnabledChange, onRangeChange } = props;
  const withToggle = props.withToggle ?? true;
  const errorId = useId();
  const [minError, maxError] = props.errors ?? [undefined, undefined];
  const message = minError ?? maxError;
  const invalid = (error: string | undefined) =>
    error ? { error: true, 'aria-describedby': errorId } : {};
  const setBound = (index: 0 | 1) => (value: number | string) => {
    const number = typeof value === 'number' ? value : Number.parseFloat(value);
    if (Number.isNaN(number)) return;
    const next: Range = [...range];
    next[index] = number;
    onRangeChange(next);
  };
  const numberProps = boundInputProps(bounds, enabled);
  return (
    <Stack gap={6}>
      <RangeTitle
        text={`${label} (${suffix})`}
        withToggle={withToggle}
        enabled={enabled}
        onEnabledChange={onEnabledChange}
      />
      <Group gap="sm" wrap="wrap" align="center">
        <NumberInput
          aria-label={t('alarmDefinitions.form.minOf', { metric: label })}
          {...numberProps}
          value={range[0]}
          onChange={setBound(0)}
          {...invalid(minError)}
        />
        <BoundsSlider
          label={label}
          suffix={suffix}
          bounds={bounds}
          logarithmic={props.logarithmic}
          enabled={enabled}
          range={range}
          onRangeChange={onRangeChange}
        />
        <NumberInput
          aria-label={t('alarmDefinitions.form.maxOf', { metric: label })}
          {...numberProps}
          value={range[1]}
          onChange={setBound(1)}
          {...invalid(maxError)}
        />
      </Group>
      {message && <Input.Error id={errorId}>{message}</Input.Error>}
    </Stack>
  );
}

interface RangeTitleProps {
  text: string;
  withToggle: boolean;
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
}

/** The range's title: its enable checkbox, or plain text when the range is always on. */
function RangeTitle({ text, withToggle, enabled, onEnabledChange }: RangeTitleProps) {
  return withToggle ? (
    <Checkbox
      label={text}
      checked={enabled}
      onChange={(event) => {
        onEnabledChange(event.currentTarget.checked);
      }}
    />
  ) : (
    <Text size="sm" fw={500}>
      {text}
    </Text>
  );
}

type BoundsSliderProps = Pick<
  RangeFieldProps,
  'label' | 'suffix' | 'bounds' | 'logarithmic' | 'enabled' | 'range' | 'onRangeChange'
>;

/** The range's slider: linear in steps of 0.1, or logarithmic (lux) with exact labels. */
function BoundsSlider(props: BoundsSliderProps) {
  const { label, suffix, bounds, enabled, range, onRangeChange } = props;
  const { t } = useTranslation();
  return props.logarithmic ? (
    <RangeSlider
      style={{ flex: 1, minWidth: 160 }}
      aria-label={label}
      thumbFromLabel={t('alarmDefinitions.form.minOf', { metric: label })}
      thumbToLabel={t('alarmDefinitions.form.maxOf', { metric: label })}
      min={0}
      max={logSteps}
      step={1}
      minRange={0}
      label={(position) => `${String(fromLogPosition(position, bounds))} ${suffix}`}
      disabled={!enabled}
      value={[toLogPosition(range[0], bounds), toLogPosition(range[1], bounds)]}
      onChange={([from, to]) => {
        onRangeChange([fromLogPosition(from, bounds), fromLogPosition(to, bounds)]);
      }}
    />
  ) : (
    <RangeSlider
      style={{ flex: 1, minWidth: 160 }}
      aria-label={label}
      thumbFromLabel={t('alarmDefinitions.form.minOf', { metric: label })}
      thumbToLabel={t('alarmDefinitions.form.maxOf', { metric: label })}
      min={bounds[0]}
      max={bounds[1]}
      step={step}
      minRange={0}
      precision={1}
      disabled={!enabled}
      value={range}
      onChange={onRangeChange}
    />
  );
}

interface MetricFieldsProps {
  metrics: Record<AlarmMetricKey, MetricDraft>;
  unit: TemperatureUnit;
  onChange: (key: AlarmMetricKey, draft: MetricDraft) => void;
  /** A bound's validation message by its payload field ('minTemp'), in the interface language. */
  errorOf?: (field: string) => string | undefined;
}

/** Every metric's enable checkbox and range, temperatures in the account's unit. */
export function MetricFields({ metrics, unit, onChange, errorOf }: MetricFieldsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {alarmMetrics.map(({ key, min, max }) => (
        <RangeField
          key={key}
          label={t(`alarmDefinitions.metrics.${key}`)}
          suffix={unitOf(key, unit)}
          bounds={metricBounds(key, unit)}
          enabled={metrics[key].enabled}
          range={metrics[key].range}
          errors={[errorOf?.(min), errorOf?.(max)]}
          onEnabledChange={(enabled) => {
            onChange(key, { ...metrics[key], enabled });
          }}
          onRangeChange={(range) => {
            onChange(key, { ...metrics[key], range });
          }}
        />
      ))}
    </Stack>
  );
}
