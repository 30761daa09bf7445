import { IconRouterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SearchableListCard, useListSearch } from '../../../components/searchable-list-card';
import { useGateways, type GatewayScope } from '../api/list-gateways';
import { GatewaysTable, type GatewayActions, type GatewayFirmwareActions } from './gateways-table';

interface GatewaysCardProps {
  scope: GatewayScope;
  actions: GatewayActions | undefined;
  firmwareActions?: GatewayFirmwareActions | undefined;
}

/** Search (debounced), the table and server paging. */
export function GatewaysCard({ scope, actions, firmwareActions }: GatewaysCardProps) {
  const { t } = useTranslation();
  const list = useListSearch();
  const gateways = useGateways(scope, { page: list.page, search: list.debounced });
  return (
    <SearchableListCard
      searchLabel={t('gateways.search')}
      searchPlaceholder={t('gateways.searchPlaceholder')}
      list={list}
      query={gateways}
      emptyIcon={IconRouterOff}
      emptyText={t('gateways.empty')}
    >
      {(items) => (
        <GatewaysTable gateways={items} actions={actions} firmwareActions={firmwareActions} />
      )}
    </SearchableListCard>
  );
}
