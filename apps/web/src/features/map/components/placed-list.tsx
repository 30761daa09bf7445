import { Grid, Group, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { PlacedLocation } from '@vigil/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, hideBelow } from '../../../components/data-table';
import type { DotState } from '../model/dot-state';
import type { ReadingTexts } from '../model/readings';
import { RowActions, type MapAction } from './map-actions';
import { StateDot } from './state-dot';

export interface PlacedDeviceRow {
  id: string;
  name: string;
  location: string;
  state: DotState;
  readings: ReadingTexts;
}

interface PlacedListProps {
  locations: readonly PlacedLocation[];
  devices: readonly PlacedDeviceRow[];
  /** The device search is on: `devices` are its matches. */
  searching: boolean;
  onAction?: (action: MapAction) => void;
}

/** A titled card of the list; `empty` is shown instead of its content when set. */
function ListSection(props: {
  id: string;
  title: string;
  empty: string | false;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={props.id}>
      <Title order={2} fz="md" id={props.id} mb="xs">
        {props.title}
      </Title>
      {props.empty === false ? (
        props.children
      ) : (
        <Text c="dimmed" fz="sm">
          {props.empty}
        </Text>
      )}
    </Paper>
  );
}

/**
 * The map's locations and devices as text, each device with its state and readings: the same
 * as the canvas for screen readers and keyboards, with the owner's actions on each row.
 */
export function PlacedList({ locations, devices, searching, onAction }: PlacedListProps) {
  const { t } = useTranslation();
  return (
    <Grid mt="md" gap="md">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <ListSection
          id="map-locations"
          title={t('map.list.locations')}
          empty={locations.length === 0 && t('map.list.noLocations')}
        >
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {locations.map((location) => (
              <li key={location.id}>
                <Group justify="space-between" wrap="nowrap" py={4}>
                  <Text fz="sm">{location.title}</Text>
                  {onAction && (
                    <RowActions
                      target={{ kind: 'location', id: location.id }}
                      name={location.title}
                      onAction={onAction}
                    />
                  )}
                </Group>
              </li>
            ))}
          </ul>
        </ListSection>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <ListSection
          id="map-devices"
          title={t('map.list.devices')}
          empty={
            devices.length === 0 && (searching ? t('map.list.noMatches') : t('map.list.noDevices'))
          }
        >
          <PlacedDevicesTable devices={devices} onAction={onAction} />
        </ListSection>
      </Grid.Col>
    </Grid>
  );
}

interface PlacedDevicesTableProps {
  devices: readonly PlacedDeviceRow[];
  onAction?: (action: MapAction) => void;
}

/** The devices: name, location, state, readings and (owners) the row's actions. */
function PlacedDevicesTable({ devices, onAction }: PlacedDevicesTableProps) {
  const { t } = useTranslation();
  const na = t('map.readings.na');
  return (
    <DataTable stickyActions={onAction !== undefined}>
      <Table verticalSpacing={6} fz="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('map.list.device')}</Table.Th>
            <Table.Th {...hideBelow('sm')}>{t('map.list.location')}</Table.Th>
            <Table.Th>{t('map.list.state')}</Table.Th>
            <Table.Th {...hideBelow('sm')}>{t('map.readings.temperature')}</Table.Th>
            <Table.Th {...hideBelow('md')}>{t('map.readings.humidity')}</Table.Th>
            <Table.Th {...hideBelow('md')}>{t('map.readings.carbon')}</Table.Th>
            {onAction && (
              <Table.Th>
                <VisuallyHidden>{t('map.list.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {devices.map((device) => (
            <Table.Tr key={device.id} data-state={device.state} data-device-id={device.id}>
              <Table.Td>{device.name}</Table.Td>
              <Table.Td {...hideBelow('sm')}>{device.location}</Table.Td>
              <Table.Td>
                <StateDot state={device.state} />
              </Table.Td>
              <Table.Td {...hideBelow('sm')}>{device.readings.temperature ?? na}</Table.Td>
              <Table.Td {...hideBelow('md')}>{device.readings.humidity ?? na}</Table.Td>
              <Table.Td {...hideBelow('md')}>{device.readings.carbon ?? na}</Table.Td>
              {onAction && (
                <Table.Td>
                  <RowActions
                    target={{ kind: 'device', id: device.id }}
                    name={device.name}
                    onAction={onAction}
                  />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </DataTable>
  );
}
