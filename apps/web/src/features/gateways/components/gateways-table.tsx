import { Table, Text } from '@mantine/core';
import { IconAntenna, IconCloudUpload, IconKey, IconPencil, IconTrash } from '@tabler/icons-react';
import type { Gateway } from '@vigil/contracts';
import { useTranslation } from 'react-i18next';
import { ConnectionStatus } from '../../../components/connection-status';
import { DataTable, hideBelow } from '../../../components/data-table';
import { RowActions } from '../../../components/row-actions';
import { formatDateTime } from '../../../lib/format';
import { FirmwareCell } from './firmware-cell';

export interface GatewayActions {
  onEdit: (gateway: Gateway) => void;
  onRotateSecret: (gateway: Gateway) => void;
  onDelete: (gateway: Gateway) => void;
}

/** The platform administrator's per-row actions (spec platform 2): firmware update, LoRa frequency. */
export interface GatewayFirmwareActions {
  onUpdateFirmware: (gateway: Gateway) => void;
  onSendLoraFrequency: (gateway: Gateway) => void;
}

interface GatewaysTableProps {
  gateways: Gateway[];
  /** The account owner manages them; the platform administrator sees every account's firmware. */
  actions: GatewayActions | undefined;
  firmwareActions?: GatewayFirmwareActions | undefined;
}

/** Spec platform 2, gateways page; firmware columns are the platform administrator's. */
export function GatewaysTable({ gateways, actions, firmwareActions }: GatewaysTableProps) {
  const { t } = useTranslation();
  const admin = actions === undefined;
  const hasActions = actions !== undefined || firmwareActions !== undefined;
  return (
    <DataTable stickyActions={hasActions}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing="xs"
        fz="sm"
        data-testid="gateways-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th {...hideBelow('sm')}>{t('gateways.columns.gatewayId')}</Table.Th>
            <Table.Th>{t('gateways.columns.name')}</Table.Th>
            {admin && <Table.Th {...hideBelow('md')}>{t('gateways.columns.account')}</Table.Th>}
            <Table.Th {...hideBelow('sm')}>{t('gateways.columns.frequency')}</Table.Th>
            <Table.Th {...hideBelow('sm')}>{t('gateways.columns.devices')}</Table.Th>
            <Table.Th>{t('gateways.columns.connection')}</Table.Th>
            {admin && <Table.Th {...hideBelow('md')}>{t('gateways.columns.esp32')}</Table.Th>}
            {admin && <Table.Th {...hideBelow('md')}>{t('gateways.columns.lora')}</Table.Th>}
            {admin && <Table.Th {...hideBelow('md')}>{t('gateways.columns.nextion')}</Table.Th>}
            <Table.Th {...hideBelow('md')}>{t('gateways.columns.createdAt')}</Table.Th>
            {hasActions && <Table.Th ta="right">{t('gateways.columns.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {gateways.map((gateway) => (
            <GatewayRow
              key={gateway.id}
              gateway={gateway}
              actions={actions}
              firmwareActions={firmwareActions}
            />
          ))}
        </Table.Tbody>
      </Table>
    </DataTable>
  );
}

/** A LoRa frequency in MHz, as the gateway reports or the owner typed it. */
function Frequency({ loraFreq }: { loraFreq: string }) {
  const { t } = useTranslation();
  if (!loraFreq) return t('common.notAvailable');
  return /^\d+(\.\d+)?$/.test(loraFreq) ? t('gateways.megahertz', { value: loraFreq }) : loraFreq;
}

function GatewayRow({
  gateway,
  actions,
  firmwareActions,
}: {
  gateway: Gateway;
  actions: GatewayActions | undefined;
  firmwareActions: GatewayFirmwareActions | undefined;
}) {
  const admin = actions === undefined;
  return (
    <Table.Tr>
      <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }} {...hideBelow('sm')}>
        {gateway.gatewayId}
      </Table.Td>
      <Table.Td fw={600}>{gateway.name}</Table.Td>
      {admin && (
        <Table.Td {...hideBelow('md')}>
          <Text fz="sm">{gateway.account.companyName}</Text>
          <Text fz="xs" c="dimmed">
            {gateway.account.email}
          </Text>
        </Table.Td>
      )}
      <Table.Td style={{ whiteSpace: 'nowrap' }} {...hideBelow('sm')}>
        <Frequency loraFreq={gateway.loraFreq} />
      </Table.Td>
      <Table.Td {...hideBelow('sm')}>{gateway.deviceCount}</Table.Td>
      <Table.Td>
        <ConnectionStatus online={gateway.status === 'online'} lastSeenAt={gateway.lastSeenAt} />
      </Table.Td>
      {admin && <FirmwareCells gateway={gateway} />}
      <Table.Td style={{ whiteSpace: 'nowrap' }} {...hideBelow('md')}>
        {formatDateTime(gateway.createdAt)}
      </Table.Td>
      {actions && (
        <Table.Td>
          <GatewayRowActions gateway={gateway} actions={actions} />
        </Table.Td>
      )}
      {!actions && firmwareActions && (
        <Table.Td>
          <FirmwareRowActions gateway={gateway} actions={firmwareActions} />
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/** The platform admin's firmware columns: ESP32, LoRa and Nextion versions and their OTA status. */
function FirmwareCells({ gateway }: { gateway: Gateway }) {
  return (
    <>
      <Table.Td {...hideBelow('md')}>
        <FirmwareCell
          lastVersion={gateway.esp32LastVersion}
          newVersion={gateway.esp32NewVersion}
          otaStatus={gateway.mainOtaStatus}
        />
      </Table.Td>
      <Table.Td {...hideBelow('md')}>
        <FirmwareCell
          lastVersion={gateway.loraLastVersion}
          newVersion={gateway.loraNewVersion}
          otaStatus={gateway.loraMainStatus}
        />
      </Table.Td>
      <Table.Td {...hideBelow('md')}>
        <FirmwareCell
          lastVersion={gateway.nextionLastVersion}
          newVersion={gateway.nextionNewVersion}
          otaStatus={gateway.nextionStatus}
        />
      </Table.Td>
    </>
  );
}

function GatewayRowActions({ gateway, actions }: { gateway: Gateway; actions: GatewayActions }) {
  const { t } = useTranslation();
  const of = (action: (gateway: Gateway) => void) => () => {
    action(gateway);
  };
  return (
    <RowActions
      actions={[
        {
          label: t('gateways.editGateway', { name: gateway.name }),
          icon: IconPencil,
          onClick: of(actions.onEdit),
        },
        {
          label: t('gateways.rotateSecret', { name: gateway.name }),
          icon: IconKey,
          onClick: of(actions.onRotateSecret),
        },
        {
          label: t('gateways.deleteGateway', { name: gateway.name }),
          icon: IconTrash,
          color: 'red',
          onClick: of(actions.onDelete),
        },
      ]}
    />
  );
}

function FirmwareRowActions({
  gateway,
  actions,
}: {
  gateway: Gateway;
  actions: GatewayFirmwareActions;
}) {
  const { t } = useTranslation();
  return (
    <RowActions
      actions={[
        {
          label: t('firmware.update.action', { name: gateway.name }),
          icon: IconCloudUpload,
          onClick: () => {
            actions.onUpdateFirmware(gateway);
          },
        },
        {
          label: t('firmware.loraFrequency.action', { name: gateway.name }),
          icon: IconAntenna,
          onClick: () => {
            actions.onSendLoraFrequency(gateway);
          },
        },
      ]}
    />
  );
}
