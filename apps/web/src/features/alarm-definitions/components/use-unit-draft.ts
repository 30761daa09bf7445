import type { AlarmMetricKey, TemperatureUnit } from '@vigil/contracts';
import { useState } from 'react';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit';
import { convertMetrics, type MetricDraft } from '../form-values';

/**
 * A form draft whose temperatures follow the account's unit: when the unit arrives (or
 * changes) after the form opened, the thresholds are converted instead of reinterpreted.
 */
export function useUnitDraft<D extends { metrics: Record<AlarmMetricKey, MetricDraft> }>(
  initial: (unit: TemperatureUnit) => D,
) {
  const unit = useTemperatureUnit();
  const [state, setState] = useState(() => ({ unit, draft: initial(unit) }));
  if (state.unit !== unit) {
    setState({
      unit,
      draft: { ...state.draft, metrics: convertMetrics(state.draft.metrics, state.unit, unit) },
    });
  }
  const patch = (next: Partial<D>) => {
    setState((current) => ({ ...current, draft: { ...current.draft, ...next } }));
  };
  return { unit, draft: state.draft, patch };
}
