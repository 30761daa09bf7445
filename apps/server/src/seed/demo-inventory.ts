import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { demoLocations, demoPlan } from '@vigil/simulator';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import { devices, deviceUsers, gateways, locations } from '../db/schema/index.js';
import type { SecretSealer } from '../lib/sealed.js';
import { hashPassword, randomToken } from '../lib/secrets.js';

/** The demo's gateways, locations and devices (the simulator's plan), in the demo account. */
export async function seedDemoInventory(
  tx: Executor,
  accountId: string,
  viewerId: string,
): Promise<void> {
  const locationIds = new Map<string, string>();
  for (const name of demoLocations) {
    const [row] = await tx
      .insert(locations)
      .values({ accountId, name })
      .returning({ id: locations.id });
    if (row) locationIds.set(name, row.id);
  }
  for (const gateway of demoPlan) {
    const [gatewayRow] = await tx
      .insert(gateways)
      .values({
        accountId,
        gatewayId: gateway.gatewayId,
        name: gateway.name,
        loraFreq: gateway.loraFreq,
      })
      .returning({ id: gateways.id });
    for (const device of gateway.devices) {
      const [deviceRow] = await tx
        .insert(devices)
        .values({
          accountId,
          deviceId: device.deviceId,
          name: device.name,
          gatewayId: gatewayRow?.id ?? null,
          locationId: locationIds.get(device.location) ?? null,
          equipmentType: device.equipmentType,
          spillSensor: device.spillSensor,
          nodeType: device.behaviour.kind === 'spill' ? 2 : 1,
          timezone: 'Europe/Vaduz',
        })
        .returning({ id: devices.id });
      // The viewer looks after the cold room: those devices are assigned to them.
      if (deviceRow && device.location === 'Cold Room A') {
        await tx.insert(deviceUsers).values({ deviceId: deviceRow.id, userId: viewerId });
      }
    }
  }
}

export type DemoCredentials = { gatewayId: string; secret: string; devices: string[] }[];

/**
 * Gives the demo gateways fresh secrets on every start and writes them (0600) to
 * DATA_DIR/demo-gateways.json for the simulator: secrets are stored only as hashes,
 * so the demo cannot recover old ones.
 */
export async function rotateDemoSecrets(
  db: Db,
  dataDir: string,
  sealer: SecretSealer,
): Promise<DemoCredentials> {
  const ids = demoPlan.map((gateway) => gateway.gatewayId);
  const existing = await db
    .select({ gatewayId: gateways.gatewayId })
    .from(gateways)
    .where(inArray(gateways.gatewayId, ids));
  const present = new Set(existing.map((row) => row.gatewayId));
  const credentials: DemoCredentials = [];
  for (const gateway of demoPlan.filter((candidate) => present.has(candidate.gatewayId))) {
    const secret = randomToken();
    await db
      .update(gateways)
      .set({ secretHash: await hashPassword(secret), secretSealed: sealer.seal(secret) })
      .where(eq(gateways.gatewayId, gateway.gatewayId));
    credentials.push({
      gatewayId: gateway.gatewayId,
      secret,
      devices: gateway.devices.map((device) => device.deviceId),
    });
  }
  await writeFile(
    join(dataDir, 'demo-gateways.json'),
    `${JSON.stringify(credentials, null, 2)}\n`,
    { mode: 0o600 },
  );
  return credentials;
}
