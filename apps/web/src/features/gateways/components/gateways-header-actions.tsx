import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconDownload, IconPlus, IconRefresh, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface FirmwareHeaderActionsProps {
  uploadLabel: string;
  fetching: boolean;
  onUpload: () => void;
  onRefresh: () => void;
}

/** The platform administrator's header: upload firmware, and refresh the list. */
export function FirmwareHeaderActions(props: FirmwareHeaderActionsProps) {
  const { uploadLabel, fetching, onUpload, onRefresh } = props;
  const { t } = useTranslation();
  return (
    <>
      <Button leftSection={<IconUpload size={18} />} onClick={onUpload}>
        {uploadLabel}
      </Button>
      <Tooltip label={t('gateways.refresh')}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('gateways.refresh')}
          loading={fetching}
          onClick={onRefresh}
        >
          <IconRefresh size={18} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}

interface AccountGatewayActionsProps {
  downloading: boolean;
  onDownload: () => void;
  onAdd: () => void;
}

/** The account owner's header: download the list, and add a gateway. */
export function AccountGatewayActions({
  downloading,
  onDownload,
  onAdd,
}: AccountGatewayActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconDownload size={18} />}
        loading={downloading}
        onClick={onDownload}
      >
        {t('gateways.download')}
      </Button>
      <Button leftSection={<IconPlus size={18} />} onClick={onAdd}>
        {t('gateways.add')}
      </Button>
    </>
  );
}
