import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, alarmEvents, alarms, users } from '../../src/db/schema/index.js';
import {
  addDevice,
  addLocation,
  createInventoryApp,
  send,
  type Session,
} from '../helpers/inventory.js';
import { readPdf } from '../helpers/pdf-document.js';
import type { TestApp } from '../helpers/test-app.js';

/**
 * Issue 19: the alarm report a person downloads speaks their language (their user setting when
 * they asked): titles, states, types, meanings and durations as the web app names them; a CSV
 * keeps points and `YYYY-MM-DD HH:mm:ss`, a PDF the language's decimal mark and dates.
 * English stays as alarm-events.test.ts checks it.
 */
let test: TestApp;
let owner: Session;
const db = () => test.runtime.ctx.db;
const at = (day: number, hour = 8) => new Date(Date.UTC(2025, 2, day, hour, 0));

beforeAll(async () => {
  ({ test, owner } = await createInventoryApp());
  const location = await addLocation(test.app, owner.headers, 'Chłodnia A');
  const fridge = await addDevice(test.app, owner.headers, {
    deviceName: 'Lodówka A',
    locationId: location.id,
  });
  const freezer = await addDevice(test.app, owner.headers, { deviceName: 'Freezer B' });
  const [row] = await db()
    .select({ accountId: users.accountId })
    .from(users)
    .where(sql`${users.id} = ${owner.userId}`);
  const accountId = row!.accountId!;
  await db().update(accounts).set({ temperatureUnit: 'F' }).where(eq(accounts.id, accountId));
  const [alarm] = await db()
    .insert(alarms)
    .values({ accountId, deviceId: fridge.id, name: 'Fridge too warm' })
    .returning({ id: alarms.id });
  const [fridgeEvent, , waterEvent] = await db()
    .insert(alarmEvents)
    .values([
      {
        accountId,
        deviceId: fridge.id,
        alarmId: alarm!.id,
        type: 'temperature',
        value: 10.5,
        min: 2,
        max: 8,
        raisedAt: at(3),
      },
      { accountId, deviceId: freezer.id, type: 'humidity', value: 91, raisedAt: at(4) },
      {
        accountId,
        deviceId: freezer.id,
        type: 'water',
        value: 0,
        raisedAt: at(6),
        clearedAt: at(6, 9),
      },
    ])
    .returning({ id: alarmEvents.id });
  for (const [event, meaning] of [
    [fridgeEvent, 'reviewed_and_acted_on'],
    [waterEvent, 'reviewed_no_action_needed'],
  ] as const) {
    const signed = await send(
      test.app,
      owner.headers,
      'POST',
      `/api/alarms/events/${event!.id}/acknowledge`,
      { comment: 'Drzwi były otwarte', password: 'vigil-demo', meaning },
    );
    expect(signed.statusCode, signed.body).toBe(200);
  }
});
afterAll(async () => {
  await test.close();
});

/** The owner's alarm report, asked for while their language is `language`, then set back. */
async function reportIn(language: 'pl' | 'de', format: 'CSV' | 'PDF') {
  const setLanguage = (to: string) =>
    send(test.app, owner.headers, 'PUT', '/api/user/language', { language: to });
  expect((await setLanguage(language)).statusCode).toBe(200);
  let url: string;
  try {
    const query = new URLSearchParams({
      timezone: 'Europe/Warsaw',
      startTime: '2025-03-01T00:00:00Z',
      endTime: '2025-03-31T23:59:59Z',
    });
    const started = await send(
      test.app,
      owner.headers,
      'GET',
      `/api/alarms/downloadAlarm${format}?${query.toString()}`,
    );
    expect(started.statusCode, started.body).toBe(200);
    url = started.json().data.url as string;
  } finally {
    // The file keeps the language the person had when asking.
    await setLanguage('en');
  }
  await test.runtime.worker?.drain();
  const download = await send(test.app, {}, 'GET', url);
  expect(download.statusCode).toBe(200);
  return download;
}

describe('alarm reports in the language of the person who asks', () => {
  it('writes the CSV in Polish: titles, states, types, meanings; numbers keep a point', async () => {
    const download = await reportIn('pl', 'CSV');
    const [header, fridge, freezer, water] = download.body.trim().split('\n');
    expect(header).toBe(
      'Początek (Europe/Warsaw),Koniec (Europe/Warsaw),Czas trwania,Alarm,Urządzenie,ID urządzenia,Lokalizacja,Typ,Wartość,Szczyt,Min.,Maks.,Jednostka,Stan,Potwierdzenie,Potwierdził(a),Znaczenie podpisu,Komentarze',
    );
    // 10.5 °C = 50.9 °F; 2 °C = 35.6 °F; 8 °C = 46.4 °F.
    expect(fridge).toMatch(
      /^2025-03-03 09:00:00,,\d+ d \d+ godz\. \(trwa\),Fridge too warm,Lodówka A,[0-9A-F:]+,Chłodnia A,Temperatura,50\.9,50\.9,35\.6,46\.4,°F,Potwierdzony,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,.+,Sprawdzono i podjęto działania,.+\(potwierdzenie\): Drzwi były otwarte"$/,
    );
    expect(freezer).toMatch(
      /,Freezer B,[0-9A-F:]+,b\.d\.,Wilgotność,91,91,b\.d\.,b\.d\.,%,Aktywny,,,,$/,
    );
    expect(water).toMatch(
      /^2025-03-06 09:00:00,2025-03-06 10:00:00,1 godz\. 0 min,.*,Wyciek,Niski,Niski,b\.d\.,b\.d\.,,Ustąpił,.*,"Sprawdzono, działania niepotrzebne",/,
    );
  });

  it('writes the PDF in German: titles, words, the web’s dates and decimal commas', async () => {
    const download = await reportIn('de', 'PDF');
    // Cells wrap within their columns: words are compared across line ends.
    const text = (await readPdf(download.rawPayload)).text.replace(/\s+/g, ' ');
    for (const words of [
      'Alarmbericht',
      'Konto: ',
      'Zeitraum: 01.03.25, 01:00:00 bis 01.04.25, 01:59:59 (Europe/Warsaw)',
      'Alarmereignisse: 3; Temperaturen in °F',
      'Beginn',
      'Quittiert von',
      'Bedeutung der Unterschrift',
      '03.03.25, 09:00',
      'Temperatur',
      'Quittiert',
      'Geprüft und Maßnahmen ergriffen',
      'Leck',
      'Behoben',
      'Chłodnia A',
      'Kommentar: ',
      '(Quittierung): Drzwi były otwarte',
      '50,9',
      '35,6',
      '46,4',
    ])
      expect(text).toContain(words);
    for (const english of ['Alarm report', 'Comment: ', 'acknowledged by', '35.6'])
      expect(text).not.toContain(english);
  });
});
