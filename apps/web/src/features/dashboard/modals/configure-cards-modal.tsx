import { Button, Group, Modal, Stack, Switch } from '@mantine/core';
import { dashboardCards, type DashboardCard } from '@vigil/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfigureCardsModalProps {
  opened: boolean;
  visible: readonly DashboardCard[];
  onSave: (visible: DashboardCard[]) => void;
  onClose: () => void;
}

/** Switches each of the six cards on or off (spec monitoring 2). */
export function ConfigureCardsModal({
  opened,
  visible,
  onSave,
  onClose,
}: ConfigureCardsModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="md"
      title={t('dashboard.configure.title')}
      data-testid="configureDashboard"
    >
      {/* Mounted only while open, so that it starts from the current choice each time. */}
      {opened && <CardSwitches visible={visible} onSave={onSave} onClose={onClose} />}
    </Modal>
  );
}

function CardSwitches({ visible, onSave, onClose }: Omit<ConfigureCardsModalProps, 'opened'>) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<DashboardCard[]>([...visible]);
  return (
    <>
      <Stack gap="sm">
        {dashboardCards.map((card) => (
          <Switch
            key={card}
            label={t(`dashboard.cards.${card}`)}
            checked={chosen.includes(card)}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              setChosen((current) =>
                on
                  ? dashboardCards.filter((c) => c === card || current.includes(c))
                  : current.filter((c) => c !== card),
              );
            }}
          />
        ))}
      </Stack>
      <Group justify="flex-end" mt="xl">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          onClick={() => {
            onSave(chosen);
          }}
        >
          {t('dashboard.configure.save')}
        </Button>
      </Group>
    </>
  );
}
