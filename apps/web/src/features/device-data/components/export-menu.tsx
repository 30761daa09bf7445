import { ActionIcon, Menu } from '@mantine/core';
import {
  IconDotsVertical,
  IconFileTypeCsv,
  IconFileTypePdf,
  IconMaximize,
  IconMinimize,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '../api/export-raw-data';

interface ExportMenuProps {
  canExport: boolean;
  exporting: boolean;
  fullscreen: boolean;
  onExport: (format: ExportFormat) => void;
  onToggleFullscreen: () => void;
}

/** The card's menu: CSV and PDF exports when the range allows them, and fullscreen always. */
export function ExportMenu(props: ExportMenuProps) {
  const { canExport, exporting, fullscreen, onExport, onToggleFullscreen } = props;
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal={!fullscreen}>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={t('deviceData.export.menu')}>
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {canExport && (
          <>
            <Menu.Item
              leftSection={<IconFileTypeCsv size={16} />}
              disabled={exporting}
              onClick={() => {
                onExport('csv');
              }}
            >
              {t('deviceData.export.csv')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconFileTypePdf size={16} />}
              disabled={exporting}
              onClick={() => {
                onExport('pdf');
              }}
            >
              {t('deviceData.export.pdf')}
            </Menu.Item>
          </>
        )}
        <Menu.Item
          leftSection={fullscreen ? <IconMinimize size={16} /> : <IconMaximize size={16} />}
          onClick={onToggleFullscreen}
        >
          {fullscreen ? t('deviceData.export.exitFullscreen') : t('deviceData.export.fullscreen')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
