import { Paper } from '@mantine/core';
import type { OverviewDevice } from '@vigil/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { DeviceOverview } from '../overview/device-overview';

/** /overview — every sensor at a glance; a tile opens its device in the dashboard's data panel. */
export default function OverviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useCallback(
    (device: OverviewDevice) => {
      const params = new URLSearchParams({ device: device.id });
      if (device.locationId) params.set('location', device.locationId);
      void navigate(`/dashboard?${params.toString()}`);
    },
    [navigate],
  );
  return (
    <>
      <PageHeader
        title={t('alarmAttention.overview.title')}
        subtitle={t('alarmAttention.overview.subtitle')}
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <DeviceOverview selectedId={null} onSelect={open} headingOrder={2} />
      </Paper>
    </>
  );
}
