import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  expectToast,
  launchBrowser,
  logOut,
  openPage,
  screenshot,
  signIn,
  visit,
} from '../helpers/browser';

const owner = 'owner@demo.vigil.test';
const viewer = 'viewer@demo.vigil.test';
const password = 'vigil-demo';
const location = 'Cold Room A';
/** The demo's drifting fridge (setpoint 4.8 °C ± 0.7): a maximum of 3 °C trips at its next reading. */
const fridge = 'Fridge A2 (reagents)';
const neighbour = 'Fridge A1';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A floor plan drawn by hand as an RGB PNG: outer walls, three rooms with doorways. */
function floorPlanPng(width = 800, height = 500): Buffer {
  const wall = (x: number, y: number) =>
    x < 8 ||
    y < 8 ||
    x >= width - 8 ||
    y >= height - 8 ||
    (Math.abs(x - 340) < 4 && (y < 200 || y > 270)) ||
    (Math.abs(y - 260) < 4 && x > 340 && (x < 520 || x > 600));
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const start = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = wall(x, y) ? [73, 80, 87] : x < 340 ? [231, 245, 255] : [248, 249, 250];
      rows.writeUInt8(r, start + 1 + x * 3);
      rows.writeUInt8(g, start + 2 + x * 3);
      rows.writeUInt8(b, start + 3 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Picks `option` in the Mantine select labelled `label`. */
async function choose(page: Page, scope: Page | Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function authHeaders(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { authorization: `Bearer ${token ?? ''}` };
}

type PlacedDevice = {
  id: string;
  name: string;
  imageX: number;
  imageY: number;
  locationId: string;
};
type StoredMap = {
  id: string;
  title: string;
  imageSettings: { x: number; y: number };
  scale: number;
  locationSettings: { id: string; title: string }[];
  deviceSettings: PlacedDevice[];
};

async function storedMap(page: Page, title: string): Promise<StoredMap> {
  const reply = await page.request.get('/api/map', { headers: await authHeaders(page) });
  const maps = ((await reply.json()) as { data: StoredMap[] }).data;
  const map = maps.find((item) => item.title === title);
  if (!map) throw new Error(`no map ${title}`);
  return map;
}

/** A point of the canvas, as a fraction of its size, in its own coordinates. */
async function canvasPoint(page: Page, fx: number, fy: number) {
  const box = await page.getByTestId('map-canvas').boundingBox();
  if (!box) throw new Error('no canvas');
  return { x: Math.round(box.width * fx), y: Math.round(box.height * fy) };
}

/**
 * Clicks the canvas at `position` (its own coordinates), once nothing covers it (a closing
 * dialog's overlay fades out).
 */
const clickCanvas = (page: Page, position: { x: number; y: number }, button?: 'right') =>
  page.getByTestId('map-canvas').click({ position, button });

/** Where a placed device's dot is on the page, in the view the canvas shows (its data attributes). */
async function dotPoint(page: Page, device: PlacedDevice) {
  const canvas = page.getByTestId('map-canvas');
  const box = await canvas.boundingBox();
  const scale = Number(await canvas.getAttribute('data-zoom'));
  const [x, y] = ((await canvas.getAttribute('data-offset')) ?? '0,0').split(',').map(Number);
  if (!box) throw new Error('no canvas');
  return {
    x: box.x + 1 + (x ?? 0) + device.imageX * scale,
    y: box.y + 1 + (y ?? 0) + device.imageY * scale,
  };
}

const deviceRow = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Devices on this map' })
    .getByRole('row')
    .filter({ hasText: name });

/** Waits for the page's route fade (500 ms) and the plan's image, so a screenshot shows the page. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    (document.querySelector('[data-testid="route-fade"]')?.getAnimations() ?? []).every(
      (animation) => animation.playState === 'finished',
    ),
  );
  await page.getByTestId('map-canvas').locator('canvas').first().waitFor();
}

/** Places the device chosen in the add-device dialog at a point of the canvas, then Done. */
async function placeDevice(page: Page, device: string, at: { x: number; y: number }) {
  const dialog = page.getByRole('dialog', { name: `Add a device to ${location}` });
  await choose(page, dialog, 'Device', device);
  await dialog.getByRole('button', { name: 'Place on the plan' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText(`Click the plan where ${device} goes, then press Done`).waitFor();
  await clickCanvas(page, at);
  await page.getByText(new RegExp(`^${escape(device)} is placed`)).waitFor();
  await page.getByRole('button', { name: 'Done' }).click();
  await deviceRow(page, device).waitFor();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the floor-plan map', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('is drawn by the owner, turns red live on an alarm, and is seen by the viewer', async () => {
    const title = `Lab level 1 ${randomBytes(2).toString('hex')}`;
    const page = await openPage(browser, '/login');
    await signIn(page, owner, password);
    await visit(page, '/map');
    await page.getByRole('heading', { name: 'Map', level: 1 }).waitFor();

    // Upload a plan: the modal's checks, then 'Saved' closes it and the new map is shown.
    await page.getByRole('button', { name: 'Add map' }).click();
    const upload = page.getByRole('dialog', { name: 'Add map' });
    await upload.getByRole('button', { name: 'Upload' }).click();
    await upload.getByText('please enter a title for the map').waitFor();
    await upload.getByRole('textbox', { name: /^Title/ }).fill(title);
    await upload.locator('input[type="file"]').setInputFiles({
      name: 'level-1.png',
      mimeType: 'image/png',
      buffer: floorPlanPng(),
    });
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expectToast(page, 'Map uploaded successfully');
    await upload.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Floor plan' }).inputValue())
      .toBe(title);
    await settled(page);

    // Add a location: chosen from those on no map, placed by a click, kept with Done.
    await choose(page, page, 'Add location', location);
    await page.getByText(`Click the plan where ${location} goes, then press Done`).waitFor();
    const spot = await canvasPoint(page, 0.3, 0.4);
    await clickCanvas(page, spot);
    await page
      .getByText(`${location} is placed: click again to move it, or press Done to keep it`)
      .waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    const locations = page.getByRole('region', { name: 'Locations on this map' });
    await locations.getByText(location, { exact: true }).waitFor();

    // Two devices: one through the location's right-click menu, one through its row's menu.
    await clickCanvas(page, spot, 'right');
    await page.getByRole('menuitem', { name: 'Add device' }).click();
    await placeDevice(page, fridge, { x: spot.x - 25, y: spot.y });
    await locations.getByRole('button', { name: `Actions for ${location}` }).click();
    await page.getByRole('menuitem', { name: 'Add device' }).click();
    await placeDevice(page, neighbour, { x: spot.x + 25, y: spot.y + 10 });
    await page.getByText('Unsaved changes').waitFor();
    // A link away asks first; Cancel stays on the map with the changes.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Leave' }).waitFor();
    await screenshot(page, 'map-leave-light');
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/map');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Map saved');

    // Reload: the map keeps its location and devices.
    await page.reload();
    await deviceRow(page, fridge).waitFor();
    await deviceRow(page, neighbour).waitFor();
    await locations.getByText(location, { exact: true }).waitFor();
    const map = await storedMap(page, title);
    expect(map.locationSettings.map((placed) => placed.title)).toEqual([location]);
    expect(map.deviceSettings.map((placed) => placed.name).sort()).toEqual(
      [neighbour, fridge].sort(),
    );
    const fridgeDot = map.deviceSettings.find((placed) => placed.name === fridge);
    if (!fridgeDot) throw new Error('the fridge is not on the map');
    expect(fridgeDot.locationId).toBe(map.locationSettings[0]?.id);
    await settled(page);
    // The view it was saved with (its offset and scale) is restored.
    const shown = Number(await page.getByTestId('map-canvas').getAttribute('data-zoom'));
    expect(shown).toBeCloseTo(map.scale, 3);

    // Hover: the tooltip names the device and its readings.
    const dot = await dotPoint(page, fridgeDot);
    await page.mouse.move(dot.x, dot.y);
    const tooltip = page.getByRole('tooltip').filter({ hasText: fridge });
    await tooltip.getByText(/^Temperature: (-?\d+\.\d\d °C|NA)$/).waitFor();
    await screenshot(page, 'map-owner-light');
    await page.mouse.move(5, 5);

    // The drifting fridge alarms: its dot turns red live, with a toast and the alarm sound.
    const alarmName = `Map warm ${randomBytes(2).toString('hex')}`;
    const alarm = await page.request.post('/api/alarms/setAlarm', {
      headers: await authHeaders(page),
      data: {
        deviceId: fridgeDot.id,
        name: alarmName,
        tempEnabled: true,
        minTemp: 0,
        maxTemp: 3,
        adminEnable: true,
        emailEnable: false,
      },
    });
    expect(alarm.status()).toBe(201);
    // The shell's alarm toast (on every page), with the device and the alarm.
    const toast = page.getByRole('alert').filter({ hasText: alarmName }).first();
    await toast.waitFor({ timeout: 60_000 });
    expect(await toast.innerText()).toContain(fridge);
    await page.locator(`tr[data-device-id="${fridgeDot.id}"][data-state="alarm"]`).waitFor();
    await deviceRow(page, fridge).getByText('In alarm').waitFor();
    const speaker = page.getByRole('main').getByRole('button', { name: 'Alarm sound' });
    await page.getByRole('main').locator('[data-sounding="true"]').waitFor();
    await screenshot(page, 'map-alarm-light');
    // The map's speaker is the shell's mute, kept for the person: muted, then sounding again.
    await speaker.click();
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('[aria-label="Alarm sound"]')).every(
        (button) => button.getAttribute('aria-pressed') === 'false',
      ),
    );
    expect(await speaker.getAttribute('data-sounding')).toBe('false');
    await speaker.click();
    await page.getByRole('main').locator('[data-sounding="true"]').waitFor();
    await toast.getByRole('button', { name: 'Dismiss the alert' }).click();

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.waitForFunction(
      () => document.documentElement.dataset.mantineColorScheme === 'dark',
    );
    await screenshot(page, 'map-owner-dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();

    // Zoom: the wheel by 0.0005 a unit, the buttons by 0.8 a step.
    const zoom = async () => Number(await page.getByTestId('map-canvas').getAttribute('data-zoom'));
    const before = await zoom();
    await page.mouse.move(dot.x, dot.y);
    await page.mouse.wheel(0, 100);
    await expect.poll(zoom).toBeCloseTo(before * 0.95, 3);
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(zoom).toBeCloseTo(before * 0.95 * 0.8, 3);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(zoom).toBeCloseTo(before * 0.95, 3);

    // The viewer, on a touch tablet, sees the same map, live, without any editing control.
    const tablet = await (
      await browser.newContext({
        viewport: { width: 820, height: 1180 },
        hasTouch: true,
        baseURL: inject('baseUrl'),
      })
    ).newPage();
    await tablet.goto('/login');
    await signIn(tablet, viewer, password);
    await tablet.goto('/map');
    await expect
      .poll(() => tablet.getByRole('combobox', { name: 'Floor plan' }).inputValue())
      .toBe(title);
    await tablet.locator(`tr[data-device-id="${fridgeDot.id}"][data-state="alarm"]`).waitFor();
    await deviceRow(tablet, neighbour).waitFor();
    for (const name of ['Add map', 'Delete map', 'Save', 'Reset'])
      expect(await tablet.getByRole('button', { name, exact: true }).count()).toBe(0);
    expect(await tablet.getByRole('combobox', { name: 'Add location' }).count()).toBe(0);
    expect(await tablet.getByRole('button', { name: /^Actions for / }).count()).toBe(0);
    await settled(tablet);
    // A tap on the dot shows its readings.
    const seen = await dotPoint(tablet, fridgeDot);
    await tablet.touchscreen.tap(seen.x, seen.y);
    await tablet.getByRole('tooltip').filter({ hasText: fridge }).getByText('In alarm').waitFor();
    await screenshot(tablet, 'map-viewer-tablet-light');

    // Pinch: two fingers spread apart zoom in.
    const zoomOf = async () =>
      Number(await tablet.getByTestId('map-canvas').getAttribute('data-zoom'));
    const start = await zoomOf();
    const touch = await tablet.context().newCDPSession(tablet);
    const fingers = (spread: number) => [
      { x: seen.x - spread, y: seen.y + 60, id: 1 },
      { x: seen.x + spread, y: seen.y + 60, id: 2 },
    ];
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(40) });
    for (const spread of [50, 60, 70, 80])
      await touch.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: fingers(spread),
      });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(zoomOf).toBeGreaterThan(start * 1.5);

    await tablet.getByRole('button', { name: 'Switch to dark theme' }).click();
    await tablet.setViewportSize({ width: 480, height: 900 });
    await tablet.reload();
    await tablet.locator(`tr[data-device-id="${fridgeDot.id}"][data-state="alarm"]`).waitFor();
    await settled(tablet);
    await screenshot(tablet, 'map-viewer-480-dark');
    await tablet.getByRole('button', { name: 'Switch to light theme' }).click();
    await tablet.context().close();

    // Tidy: the alarm of this journey is removed.
    const created = ((await alarm.json()) as { data: { id: string } }).data;
    const removed = await page.request.delete(`/api/alarms/${created.id}`, {
      headers: await authHeaders(page),
    });
    expect(removed.ok()).toBe(true);
    await logOut(page);
  });
});
