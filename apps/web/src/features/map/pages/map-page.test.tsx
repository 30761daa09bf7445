import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import type { MapItem, MapSaveBody, Role } from '@vigil/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok, type FakeReply, type FakeRequest } from '../../../test/fake-api';
import { fakeSockets, openSocket } from '../../../test/fake-socket';
import { deviceOf, ids, metadataOf, pageOf, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import type { MapCanvasProps } from '../components/map-canvas';
import {
  mapIds,
  mapOf,
  notificationOf,
  placedDeviceOf,
  placedLocationOf,
} from '../test/map-fixtures';
import { signOut } from '../../../lib/session';
import MapPage from './map-page';

vi.mock(
  'socket.io-client',
  async () => (await import('../../../test/fake-socket')).fakeSocketModule,
);

// Konva needs a real canvas: the page is tested with a stand-in that shows what it is given.
vi.mock('../components/map-canvas', () => ({
  default: (props: MapCanvasProps) => (
    <div data-testid="canvas-stub">
      <button
        type="button"
        onClick={() => {
          props.onPlace({ x: 300, y: 200 });
        }}
      >
        click the plan
      </button>
      {props.dots.map((dot) => (
        <span key={dot.id} data-dot-state={dot.state} data-dimmed={String(dot.dimmed)}>
          {dot.name}
        </span>
      ))}
      {props.onContextMenu ? 'with context menu' : 'view only'}
    </div>
  ),
}));

const cryo = {
  id: mapIds.otherLocation,
  name: 'Cryo store',
  deviceCount: 1,
  createdAt: '2026-11-20T09:30:00.000Z',
};
const coldRoom = {
  id: ids.location,
  name: 'Cold room',
  deviceCount: 2,
  createdAt: '2026-11-20T09:30:00.000Z',
};
const incubator = deviceOf({
  id: ids.otherDevice,
  name: 'Incubator',
  deviceId: '00:1a:2b:3c:4d:5f',
});

type Routes = Record<string, FakeReply | ((request: FakeRequest) => FakeReply)>;

function mapApi(role: Role, maps: MapItem[], extra: Routes = {}) {
  signInAs(role);
  const own = role === 'user' ? ids.viewer : ids.owner;
  return fakeApi({
    'GET /api/map': ok(maps),
    'GET /api/user/metadata': ok(metadataOf(role)),
    [`GET /api/device/${own}/`]: ok(pageOf([deviceOf(), incubator])),
    [`GET /api/location/${own}`]: ok(pageOf([coldRoom, cryo])),
    ...extra,
  });
}

const renderMap = () => renderWithProviders(<MapPage />, { path: '/map' });

const deviceRow = async (name: string) =>
  (await screen.findByRole('cell', { name })).closest('tr') as HTMLElement;

/** An error or success toast (Mantine's notifications are alerts). */
const toast = async (text: string) =>
  (await screen.findAllByText(text, { selector: '[role="alert"] *' }))[0];

const mapSocket = () => openSocket({ timeValue: '0' })!;

afterEach(() => {
  fakeSockets.length = 0;
});

describe('map page', () => {
  it('shows a user the first map with its devices and readings, without editing controls', async () => {
    mapApi('user', [
      mapOf(),
      mapOf({ id: mapIds.second, title: 'First floor', deviceSettings: [] }),
    ]);
    renderMap();
    expect(await screen.findByRole('heading', { name: 'Map', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Floor plan' })).toHaveValue('Ground floor');
    const row = await deviceRow('Fridge 1');
    expect(row).toHaveAttribute('data-state', 'online');
    expect(within(row).getByText('Cold room')).toBeInTheDocument();
    expect(within(row).getAllByText('NA')).toHaveLength(3);
    expect(await screen.findByText('view only')).toBeInTheDocument();
    for (const name of ['Add map', 'Delete map', 'Save', 'Reset'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Add location' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Device radius' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
    // The socket joins live.
    await waitFor(() => {
      expect(mapSocket()).toBeDefined();
    });
  });

  it("asks for a map: 'Select a map' on Save and 'Select map !!!' on delete", async () => {
    mapApi('super_user', []);
    renderMap();
    expect(await screen.findByText('No maps yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await toast('Select a map')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete map' }));
    expect(await toast('Select map !!!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('turns a dot red with the alarm sound, toasts a device offline, and turns green on recovery', async () => {
    mapApi('super_user', [mapOf()]);
    renderMap();
    await deviceRow('Fridge 1');
    await waitFor(() => {
      expect(mapSocket()).toBeDefined();
    });
    const event = notificationOf();
    mapSocket().emit('mapNotification', event);
    await waitFor(async () => {
      expect(await deviceRow('Fridge 1')).toHaveAttribute('data-state', 'alarm');
    });
    // An alarm's toast is the shell's, on every page: the map adds none of its own.
    expect(screen.queryByText(event.msg)).toBeNull();
    const speaker = screen.getByRole('button', { name: 'Alarm sound' });
    expect(speaker).toHaveAttribute('data-sounding', 'true');
    expect(screen.getByText('The alarm sound is playing')).toBeInTheDocument();
    await userEvent.click(speaker);
    expect(speaker).toHaveAttribute('aria-pressed', 'false');
    expect(speaker).toHaveAttribute('data-sounding', 'false');
    mapSocket().emit('mapLiveData', {
      deviceDBId: ids.device,
      deviceId: '00:1a:2b:3c:4d:5e',
      createdAt: '2026-11-24T10:00:00.000Z',
      temperature: 6.1,
      carbon: -255,
      humidity: 41.26,
    });
    expect(await screen.findByRole('cell', { name: '6.10 °C' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '41.3 %' })).toBeInTheDocument();
    const offline = notificationOf({
      type: 'offline',
      alarmType: 'offline',
      msg: 'Fridge 1 is offline',
    });
    mapSocket().emit('mapNotification', offline);
    expect(await toast(offline.msg)).toBeInTheDocument();
    mapSocket().emit('mapNotification', { ...offline, status: 'success', msg: 'back online' });
    mapSocket().emit('mapNotification', { ...event, status: 'success', msg: 'back in range' });
    await waitFor(async () => {
      expect(await deviceRow('Fridge 1')).toHaveAttribute('data-state', 'online');
    });
  });

  it('filters the devices from 2 characters, case-insensitively', async () => {
    mapApi('user', [
      mapOf({
        deviceSettings: [
          placedDeviceOf(),
          placedDeviceOf({ id: ids.otherDevice, name: 'Incubator', imageX: 150 }),
        ],
      }),
    ]);
    renderMap();
    await deviceRow('Incubator');
    const search = screen.getByRole('searchbox', { name: 'Search devices' });
    await userEvent.type(search, 'i');
    expect(screen.getByRole('cell', { name: 'Fridge 1' })).toBeInTheDocument();
    await userEvent.type(search, 'N');
    await waitFor(() => {
      expect(screen.queryByRole('cell', { name: 'Fridge 1' })).not.toBeInTheDocument();
    });
    expect(screen.getByRole('cell', { name: 'Incubator' })).toBeInTheDocument();
    expect(screen.getByText('Fridge 1', { selector: '[data-dimmed="true"]' })).toBeInTheDocument();
    await userEvent.type(search, 'zz');
    expect(await screen.findByText('No matching devices')).toBeInTheDocument();
  });

  it('lets an owner place a location and a device, then saves them', async () => {
    const saved: MapSaveBody[] = [];
    const api = mapApi(
      'super_user',
      [
        mapOf({ locationSettings: [], deviceSettings: [] }),
        mapOf({
          id: mapIds.second,
          title: 'Basement',
          locationSettings: [placedLocationOf({ id: mapIds.otherLocation })],
          deviceSettings: [],
        }),
      ],
      {
        'POST /api/map': (request) => {
          saved.push(request.body as MapSaveBody);
          return ok(mapOf());
        },
      },
    );
    renderMap();
    expect(await screen.findByText('No locations placed yet')).toBeInTheDocument();
    // Only the locations on no map are offered.
    await userEvent.click(screen.getByRole('combobox', { name: 'Add location' }));
    expect(await screen.findByRole('option', { name: 'Cold room' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Cryo store' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Cold room' }));
    expect(
      screen.getByText('Click the plan where Cold room goes, then press Done'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await toast('Click the plan to place it first')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'click the plan' }));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    const locations = screen.getByRole('region', { name: 'Locations on this map' });
    expect(await within(locations).findByText('Cold room')).toBeInTheDocument();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Cold room' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Add device' }));
    const modal = await screen.findByRole('dialog', { name: 'Add a device to Cold room' });
    await userEvent.click(within(modal).getByRole('button', { name: 'Place on the plan' }));
    expect(await within(modal).findByText('please select a device')).toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('combobox', { name: 'Device' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fridge 1' }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Place on the plan' }));
    await userEvent.click(screen.getByRole('button', { name: 'click the plan' }));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await deviceRow('Fridge 1')).toHaveAttribute('data-state', 'online');
    expect(leavingIsQuestioned()).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await toast('Map saved')).toBeInTheDocument();
    expect(leavingIsQuestioned()).toBe(false);
    expect(api.calls('POST /api/map')).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      id: mapIds.first,
      radius: 5,
      location_settings: [{ id: ids.location, title: 'Cold room', imageWidth: 160 }],
      device_settings: [{ id: ids.device, locationId: ids.location }],
    });
  });

  it('zooms by 0.8 a step, pans and places with the keyboard, and Reset forgets the changes', async () => {
    mapApi('super_user', [mapOf({ locationSettings: [], deviceSettings: [], scale: 0.5 })]);
    renderMap();
    const frame = await screen.findByRole('application', { name: 'Floor plan Ground floor' });
    expect(frame).toHaveAttribute('data-zoom', '0.5000');
    await userEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(frame).toHaveAttribute('data-zoom', '0.4000');
    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(frame).toHaveAttribute('data-zoom', '0.5000');
    frame.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    expect(frame).toHaveAttribute('data-offset', '-48.0,-48.0');
    await userEvent.keyboard('-');
    expect(frame).toHaveAttribute('data-zoom', '0.4000');

    await placeAtCentre(frame, 'Cold room');
    expect(
      await screen.findByText(
        'Cold room is placed: click again to move it, or press Done to keep it',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    const locations = screen.getByRole('region', { name: 'Locations on this map' });
    expect(await within(locations).findByText('Cold room')).toBeInTheDocument();
    expect(leavingIsQuestioned()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await within(locations).findByText('No locations placed yet')).toBeInTheDocument();
    expect(frame).toHaveAttribute('data-zoom', '0.5000');
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
    expect(leavingIsQuestioned()).toBe(false);
  });

  it('asks before a link within the app leaves unsaved changes, and stays on Cancel', async () => {
    mapApi('super_user', [mapOf({ locationSettings: [], deviceSettings: [] })]);
    renderWithProviders(
      <>
        <MapPage />
        <Link to="/dashboard">Dashboard</Link>
      </>,
      { path: '/map' },
    );
    const frame = await screen.findByRole('application', { name: 'Floor plan Ground floor' });
    await placeAtCentre(frame, 'Cold room');
    await userEvent.click(await screen.findByRole('button', { name: 'Done' }));
    const link = screen.getByRole('link', { name: 'Dashboard' });
    await userEvent.click(link);
    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(ask).toHaveTextContent('Your changes to this floor plan are not saved.');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/map');
    await userEvent.click(link);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole(
        'button',
        { name: 'Leave' },
      ),
    );
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
    });
  });

  it('lets a sign-out leave unsaved changes without asking', async () => {
    mapApi('super_user', [mapOf({ locationSettings: [], deviceSettings: [] })]);
    renderWithProviders(
      <>
        <MapPage />
        <Link to="/login">Sign in again</Link>
      </>,
      { path: '/map' },
    );
    const frame = await screen.findByRole('application', { name: 'Floor plan Ground floor' });
    await placeAtCentre(frame, 'Cold room');
    await userEvent.click(await screen.findByRole('button', { name: 'Done' }));
    act(() => {
      signOut('expired');
    });
    await userEvent.click(screen.getByRole('link', { name: 'Sign in again' }));
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('/login');
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows 'something went wrong' when a save fails", async () => {
    mapApi('super_user', [mapOf()], { 'POST /api/map': fail(500, 'boom') });
    renderMap();
    await deviceRow('Fridge 1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await toast('something went wrong')).toBeInTheDocument();
  });

  it('asks an owner about a device removed from its location', async () => {
    mapApi('super_user', [mapOf({ deviceSettings: [placedDeviceOf({ removed: true })] })]);
    renderMap();
    const modal = await screen.findByRole('dialog', { name: 'Device removed from its location' });
    expect(modal).toHaveTextContent(/Fridge 1 was removed from its location and needs relocating/);
    expect(screen.getByRole('cell', { name: 'Fridge 1' }).closest('tr')).toHaveAttribute(
      'data-state',
      'removed',
    );
    await userEvent.click(within(modal).getByRole('button', { name: 'Remove from map' }));
    expect(await screen.findByText('No devices placed yet')).toBeInTheDocument();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('deletes the selected map after a confirmation', async () => {
    let maps = [mapOf(), mapOf({ id: mapIds.second, title: 'Basement', deviceSettings: [] })];
    const api = mapApi('super_user', [], {
      'GET /api/map': () => ok(maps),
      [`DELETE /api/map/${mapIds.first}`]: () => {
        maps = maps.slice(1);
        return ok({ ok: true });
      },
    });
    renderMap();
    await deviceRow('Fridge 1');
    await userEvent.click(screen.getByRole('button', { name: 'Delete map' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete map' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete map' }));
    expect(await toast('Map deleted successfully')).toBeInTheDocument();
    expect(api.calls(`DELETE /api/map/${mapIds.first}`)).toHaveLength(1);
    await waitFor(() => {
      expect(screen.getByRole('combobox', { name: 'Floor plan' })).toHaveValue('Basement');
    });
  });

  it("uploads a plan: 'Saved' closes the modal and reloads the maps", async () => {
    let maps = [mapOf()];
    const uploaded = mapOf({ id: mapIds.second, title: 'First floor', deviceSettings: [] });
    const api = mapApi('super_user', [], {
      'GET /api/map': () => ok(maps),
      'POST /api/map/upload': () => {
        maps = [...maps, uploaded];
        return { status: 201, body: { data: { map: uploaded, message: 'Saved' } } };
      },
    });
    renderMap();
    await deviceRow('Fridge 1');
    await userEvent.click(screen.getByRole('button', { name: 'Add map' }));
    const modal = await screen.findByRole('dialog', { name: 'Add map' });
    await userEvent.click(within(modal).getByRole('button', { name: 'Upload' }));
    expect(await within(modal).findByText('please enter a title for the map')).toBeInTheDocument();
    expect(within(modal).getByText('please choose an image file for the map')).toBeInTheDocument();
    await userEvent.type(within(modal).getByRole('textbox', { name: /^Title/ }), 'First floor');
    const input = modal.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['png'], 'plan.png', { type: 'image/png' }));
    await userEvent.click(within(modal).getByRole('button', { name: 'Upload' }));
    expect(await toast('Map uploaded successfully')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Add map' })).not.toBeInTheDocument();
    });
    const [request] = api.calls('POST /api/map/upload');
    expect((request?.body as FormData).get('title')).toBe('First floor');
    expect(api.calls('GET /api/map').length).toBeGreaterThan(1);
    await waitFor(() => {
      expect(screen.getByRole('combobox', { name: 'Floor plan' })).toHaveValue('First floor');
    });
  });
});

/** Chooses the location in 'Add location' and places it at the plan's centre with Enter. */
async function placeAtCentre(frame: HTMLElement, location: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Add location' }));
  await userEvent.click(await screen.findByRole('option', { name: location }));
  frame.focus();
  await userEvent.keyboard('{Enter}');
}

/** Whether leaving the page now would make the browser ask first (a cancelled beforeunload). */
function leavingIsQuestioned(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}
