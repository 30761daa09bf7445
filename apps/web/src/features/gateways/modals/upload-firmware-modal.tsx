import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { firmwareExtensions, type FirmwareKind, type FirmwareTarget } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUploadFirmware } from '../api/upload-firmware';

interface UploadFirmwareModalProps {
  opened: boolean;
  /** Gateway firmware (loraFw, espFw, nextion) or node firmware (no espFw). */
  target: FirmwareTarget;
  onClose: () => void;
}

const accept = firmwareExtensions.join(',');
const kindsOf = (target: FirmwareTarget): FirmwareKind[] =>
  target === 'node' ? ['loraFw', 'nextion'] : ['loraFw', 'espFw', 'nextion'];

type Files = Partial<Record<FirmwareKind, File | null>>;

/** The chosen files and versions, their error, and the upload that closes on success. */
function useFirmwareUpload(target: FirmwareTarget, onClose: () => void) {
  const { t } = useTranslation();
  const upload = useUploadFirmware();
  const [files, setFiles] = useState<Files>({});
  const [versions, setVersions] = useState<Partial<Record<FirmwareKind, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const chosen = Object.values(files).some(Boolean);

  const close = () => {
    setFiles({});
    setVersions({});
    setError(null);
    upload.reset();
    onClose();
  };
  const submit = () => {
    if (!chosen) {
      setError(t('firmware.upload.noFile'));
      return;
    }
    setError(null);
    const picked = Object.fromEntries(Object.entries(files).filter(([, file]) => file)) as Partial<
      Record<FirmwareKind, File>
    >;
    upload.mutate(
      { target, files: picked, versions },
      {
        onSuccess: () => {
          notifySuccess(t('firmware.upload.success'));
          close();
        },
        onError: (failure) => {
          notifyError(t('firmware.upload.failed'));
          setError(failure.translated);
        },
      },
    );
  };
  return {
    files,
    setFiles,
    versions,
    setVersions,
    error,
    close,
    submit,
    pending: upload.isPending,
  };
}

/** Spec modal uploadFirmware: firmware files (.bin, .tft) with their versions. */
export function UploadFirmwareModal({ opened, target, onClose }: UploadFirmwareModalProps) {
  const { t } = useTranslation();
  const { files, setFiles, versions, setVersions, error, close, submit, pending } =
    useFirmwareUpload(target, onClose);
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t(target === 'node' ? 'firmware.upload.titleNode' : 'firmware.upload.titleGateway')}
      size="md"
      data-testid="uploadFirmware"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {t('firmware.upload.help')}
          </Text>
          {kindsOf(target).map((kind) => (
            <FirmwareFileFields
              key={kind}
              kind={kind}
              file={files[kind] ?? null}
              version={versions[kind] ?? ''}
              onFile={(file) => {
                setFiles((current) => ({ ...current, [kind]: file }));
              }}
              onVersion={(value) => {
                setVersions((current) => ({ ...current, [kind]: value }));
              }}
            />
          ))}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={pending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" leftSection={<IconUpload size={18} />} loading={pending}>
              {t('firmware.upload.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface FirmwareFileFieldsProps {
  kind: FirmwareKind;
  file: File | null;
  version: string;
  onFile: (file: File | null) => void;
  onVersion: (version: string) => void;
}

/** One kind of firmware: its file and its version. */
function FirmwareFileFields({ kind, file, version, onFile, onVersion }: FirmwareFileFieldsProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <FileInput
        label={t(`firmware.kinds.${kind}`)}
        placeholder={t('firmware.upload.choose')}
        accept={accept}
        clearable
        value={file}
        onChange={onFile}
        data-testid={`firmware-file-${kind}`}
      />
      <TextInput
        label={t('firmware.upload.version', { kind: t(`firmware.kinds.${kind}`) })}
        placeholder={t('firmware.upload.versionPlaceholder')}
        maxLength={50}
        value={version}
        onChange={(event) => {
          onVersion(event.currentTarget.value);
        }}
      />
    </SimpleGrid>
  );
}
