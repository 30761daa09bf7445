import { Button, FileInput, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { mapImageTypes, mapLimits, messages } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useUploadMap } from '../api/upload-map';

const accept = Object.values(mapImageTypes)
  .flatMap((type) => [type.mime, ...type.extensions])
  .join(',');

interface AddMapModalProps {
  opened: boolean;
  onClose: () => void;
  /** The upload answered 'Saved': the new map's id. */
  onUploaded: (id: string) => void;
}

/** The title and file, their errors, and the upload (a 'Saved' answer closes the modal). */
function useAddMapForm(onClose: () => void, onUploaded: (id: string) => void) {
  const { t } = useTranslation();
  const upload = useUploadMap();
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ title?: string; file?: string }>({});
  const close = () => {
    setTitle('');
    setFile(null);
    setErrors({});
    onClose();
  };
  const submit = () => {
    const trimmed = title.trim();
    const found = {
      title: trimmed
        ? trimmed.length > mapLimits.titleMax
          ? translateMessage(messages.mapTitleTooLong)
          : undefined
        : translateMessage(messages.mapTitleRequired),
      file: file ? undefined : translateMessage(messages.mapFileRequired),
    };
    setErrors(found);
    if (found.title || found.file || !file) return;
    upload.mutate(
      { title: trimmed, file },
      {
        onSuccess: (reply) => {
          // Spec monitoring 4: the status 'Saved' closes the modal and reloads the maps.
          if (reply.message !== messages.mapSaved) return;
          notifySuccess(t('map.uploaded'));
          onUploaded(reply.map.id);
          close();
        },
      },
    );
  };
  return { title, setTitle, file, setFile, errors, close, submit, pending: upload.isPending };
}

/** `addMap`: a title and a plan image (PNG, JPEG, WebP or SVG). */
export function AddMapModal({ opened, onClose, onUploaded }: AddMapModalProps) {
  const { t } = useTranslation();
  const { title, setTitle, file, setFile, errors, close, submit, pending } = useAddMapForm(
    onClose,
    onUploaded,
  );
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('map.addMapModal.title')}
      size="md"
      data-testid="addMap"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('map.addMapModal.name')}
            required
            maxLength={mapLimits.titleMax}
            value={title}
            error={errors.title}
            data-autofocus
            onChange={(event) => {
              setTitle(event.currentTarget.value);
            }}
          />
          <FileInput
            label={t('map.addMapModal.file')}
            description={t('map.addMapModal.fileHint')}
            placeholder={t('map.addMapModal.choose')}
            required
            accept={accept}
            clearable
            leftSection={<IconPhoto size={16} />}
            value={file}
            error={errors.file}
            onChange={setFile}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={pending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {t('map.addMapModal.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
