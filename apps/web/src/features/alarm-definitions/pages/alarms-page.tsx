import { IconBellOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { SearchableListCard, useListSearch } from '../../../components/searchable-list-card';
import { useSession } from '../../../lib/session';
import { useAlarmsPage } from '../api/list-alarms';
import { AlarmsTable } from '../components/alarms-table';

/** /alarms: device id, alarm name, device name, type, created at; 10 a page. */
export default function AlarmsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const list = useListSearch();
  const alarms = useAlarmsPage(list.page, list.debounced);
  const platform = session?.role === 'super_admin';
  return (
    <>
      <PageHeader
        title={t('alarmDefinitions.page.title')}
        subtitle={t('alarmDefinitions.page.subtitle')}
      />
      <SearchableListCard
        searchLabel={t('alarmDefinitions.page.search')}
        searchPlaceholder={t('alarmDefinitions.page.searchPlaceholder')}
        list={list}
        query={alarms}
        emptyIcon={IconBellOff}
        emptyText={t('alarmDefinitions.page.empty')}
      >
        {(items) => <AlarmsTable alarms={items} platform={platform} />}
      </SearchableListCard>
    </>
  );
}
