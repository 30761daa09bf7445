import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DeviceChoiceModal } from './device-choice-modal';

const devices = [
  { id: 'd1', name: 'Fridge 1' },
  { id: 'd2', name: 'Freezer 2' },
];
const labels = { device: 'Device', placeholder: 'Choose', none: 'None', submit: 'Add' };

function Harness({ onChoose }: { onChoose: (device: { id: string; name: string }) => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpened(true);
        }}
      >
        open
      </button>
      <DeviceChoiceModal
        opened={opened}
        title="Which device"
        name="choice"
        labels={labels}
        devices={devices}
        onChoose={onChoose}
        onClose={() => {
          setOpened(false);
        }}
      />
    </>
  );
}

describe('DeviceChoiceModal', () => {
  it('asks for a device, hands over the chosen one, and opens empty again after a cancel', async () => {
    const onChoose = vi.fn();
    renderWithProviders(<Harness onChoose={onChoose} />);
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    let modal = await screen.findByRole('dialog', { name: 'Which device' });
    await userEvent.click(within(modal).getByRole('button', { name: 'Add' }));
    expect(await within(modal).findByText('please select a device')).toBeInTheDocument();
    expect(onChoose).not.toHaveBeenCalled();

    await userEvent.click(within(modal).getByRole('combobox', { name: 'Device' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Freezer 2' }));
    expect(within(modal).queryByText('please select a device')).not.toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('button', { name: 'Add' }));
    expect(onChoose).toHaveBeenCalledWith(devices[1]);

    await userEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Which device' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    modal = await screen.findByRole('dialog', { name: 'Which device' });
    expect(within(modal).getByRole('combobox', { name: 'Device' })).toHaveValue('');
  });
});
