import { useElementSize } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import {
  LeaveMapModal,
  MapContent,
  MapPageActions,
  MapPageToolbar,
} from '../components/map-page-sections';
import { OwnerModals } from '../components/owner-modals';
import { useMapPage } from '../components/use-map-page';

/**
 * /map (spec monitoring 2): the account's floor plans with location outlines and device dots,
 * coloured live. Owners upload, arrange and save them; users look.
 */
export default function MapPage() {
  const { t } = useTranslation();
  const { ref: frameRef, width: frameWidth } = useElementSize();
  const page = useMapPage(frameWidth);
  const { owner, editor, commands } = page;
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageHeader
        title={t('map.title')}
        subtitle={t('map.subtitle')}
        actions={
          owner && (
            <MapPageActions
              onDelete={commands.askDeleteMap}
              onAdd={() => {
                setAdding(true);
              }}
            />
          )
        }
      />
      <MapPageToolbar page={page} />
      <div ref={frameRef}>
        <MapContent page={page} />
      </div>
      <LeaveMapModal leaving={page.leaving} />
      {owner && (
        <OwnerModals
          editor={editor}
          commands={commands}
          rows={page.rows}
          freeDevices={page.freeDevices}
          adding={adding}
          onCloseAdding={() => {
            setAdding(false);
          }}
        />
      )}
    </>
  );
}
