import { index, integer, jsonb, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { accounts } from './identity.js';

export const maps = pgTable(
  'maps',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Path under DATA_DIR/files; served only to the account. */
    imagePath: text('image_path').notNull(),
    imageMime: text('image_mime').notNull(),
    imageWidth: integer('image_width').notNull(),
    imageHeight: integer('image_height').notNull(),
    /** { x, y } offset of the image on the canvas. */
    imageSettings: jsonb('image_settings').notNull().default({ x: 0, y: 0 }),
    /** Placed locations: [{ id, title, x, y, imageWidth, imageHeight, imageX, imageY, scale }]. */
    locationSettings: jsonb('location_settings').notNull().default([]),
    /** Placed devices: [{ id, deviceId, name, offline, locationId, x, y, imageX, imageY, scale }]. */
    deviceSettings: jsonb('device_settings').notNull().default([]),
    radius: integer('radius').notNull().default(5),
    scale: real('scale').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('maps_account_idx').on(table.accountId)],
);
