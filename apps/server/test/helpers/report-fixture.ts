import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { alarms, devices, readings, reportRuns, reports } from '../../src/db/schema/index.js';
import { rebuildRollups } from '../../src/modules/readings/rollups-rebuild.js';
import { demo, userIdOf } from './fixtures.js';
import { addDevice, send } from './inventory.js';
import { startSmtpPeer, type ReceivedMail } from './smtp-peer.js';
import { createDemoApp, login } from './test-app.js';

/**
 * A demo app with a real SMTP peer and a day of seeded readings to report on; the schedule is
 * driven by an injected clock (`enqueueDueReports(db, now)`).
 *
 * The seeded day is Tuesday 10 March 2026 in Europe/Vaduz (+01:00): 2026-03-09T23:00Z to
 * 2026-03-10T23:00Z. The fridge reads every 10 minutes: 5.0 °C, except one hour (samples 60
 * to 65, 09:00 to 09:50 local) at 9.0 °C, above its alarm's 2..8 °C; samples 100 to 105 are
 * missing (a 70 minute silence, over 3 × the 10 minute cadence). Humidity is 40 %RH throughout.
 *   readings 144 − 6 = 138; mean (132·5 + 6·9) / 138 = 5.173913…
 *   MKT (ΔH/R = 10000 K, Python decimal, 40 digits) of 132 × 5 °C and 6 × 9 °C = 5.2206179…
 *   out of range: 6 samples × 10 min = 60 min; gaps: one of 70 min.
 * The rollups are rebuilt from the readings, as ingestion would have kept them.
 */
export const seededDay = {
  start: Date.parse('2026-03-09T23:00:00Z'),
  end: Date.parse('2026-03-10T23:00:00Z'),
};
export const minute = 60_000;

export async function startReportFixture() {
  const { start, end } = seededDay;
  const smtp = await startSmtpPeer();
  const test = await createDemoApp({ SMTP_URL: smtp.url });
  const owner = await login(test.app, demo.owner);
  const { db } = test.runtime.ctx;
  const viewerId = await userIdOf(db, demo.viewer);
  const fridge = await addDevice(test.app, owner.headers, { deviceName: 'Fridge R1' });
  const [row] = await db
    .select({ accountId: devices.accountId })
    .from(devices)
    .where(eq(devices.id, fridge.id));
  await db.insert(alarms).values({
    accountId: row?.accountId ?? '',
    deviceId: fridge.id,
    name: 'Fridge range',
    tempEnabled: true,
    minTemp: 2,
    maxTemp: 8,
  });
  const values = [];
  for (let i = 0; i < 144; i++) {
    if (i >= 100 && i <= 105) continue;
    values.push({
      deviceId: fridge.id,
      ts: new Date(start + i * 10 * minute),
      t: i >= 60 && i <= 65 ? 9 : 5,
      h: 40,
    });
  }
  await db.insert(readings).values(values);
  await rebuildRollups(db, fridge.id, new Date(start), new Date(end));

  return {
    test,
    smtp,
    owner,
    fridgeId: fridge.id,
    viewerId,
    /** A daily report of the fridge to the viewer, created before the seeded day. */
    async addReport(extra: object): Promise<string> {
      const response = await send(test.app, owner.headers, 'POST', '/api/reports', {
        name: 'Fridges daily',
        timezone: 'Europe/Vaduz',
        temp: true,
        humidity: true,
        carbon: false,
        adminEnable: false,
        devices: [fridge.id],
        users: [viewerId],
        ...extra,
      });
      if (response.statusCode !== 201) throw new Error(response.body);
      const id: string = response.json().data.id;
      // As if it had been created before the seeded day, with its first run due at its end.
      await db
        .update(reports)
        .set({ createdAt: new Date('2026-03-01T00:00:00Z'), nextRunAt: new Date(end) })
        .where(eq(reports.id, id));
      return id;
    },
    runsOf: (id: string) => db.select().from(reportRuns).where(eq(reportRuns.reportId, id)),
    async close() {
      await test.close();
      await smtp.close();
    },
  };
}

export type ReportFixture = Awaited<ReturnType<typeof startReportFixture>>;

/** The decoded attachment of a received mail. */
export function attachment(mail: ReceivedMail): { name: string; body: Buffer } {
  const match = /filename="?([^"\r\n;]+)"?[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n--/.exec(
    mail.data,
  );
  if (!match?.[1] || !match[2]) throw new Error('no attachment');
  return { name: match[1], body: Buffer.from(match[2].replace(/\r?\n/g, ''), 'base64') };
}

/** The PDF's content streams, inflated: the drawing operators. */
export function inflatedStreams(pdf: Buffer): string {
  const parts: string[] = [];
  for (const match of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    try {
      parts.push(inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1'));
    } catch {
      // not a deflated stream (a font, an image)
    }
  }
  return parts.join('\n');
}
