CREATE TABLE "reading_follow_ups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"device_ids" uuid[] NOT NULL,
	"ts" timestamp with time zone[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_rollups_10m" (
	"device_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"metric" text NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "reading_rollups_10m_device_id_metric_bucket_pk" PRIMARY KEY("device_id","metric","bucket")
);
--> statement-breakpoint
CREATE TABLE "reading_rollups_6h" (
	"device_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"metric" text NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "reading_rollups_6h_device_id_metric_bucket_pk" PRIMARY KEY("device_id","metric","bucket")
);
--> statement-breakpoint
CREATE INDEX "reading_follow_ups_created_idx" ON "reading_follow_ups" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "reading_rollups_1m" DROP CONSTRAINT "reading_rollups_1m_device_id_metric_bucket_pk";--> statement-breakpoint
ALTER TABLE "reading_rollups_1m" ADD CONSTRAINT "reading_rollups_1m_device_id_metric_bucket_pk" PRIMARY KEY ("device_id","metric","bucket") INCLUDE ("min","max","sum","count");
--> statement-breakpoint
ALTER TABLE "reading_rollups_10m" DROP CONSTRAINT "reading_rollups_10m_device_id_metric_bucket_pk";--> statement-breakpoint
ALTER TABLE "reading_rollups_10m" ADD CONSTRAINT "reading_rollups_10m_device_id_metric_bucket_pk" PRIMARY KEY ("device_id","metric","bucket") INCLUDE ("min","max","sum","count");
--> statement-breakpoint
ALTER TABLE "reading_rollups_1h" DROP CONSTRAINT "reading_rollups_1h_device_id_metric_bucket_pk";--> statement-breakpoint
ALTER TABLE "reading_rollups_1h" ADD CONSTRAINT "reading_rollups_1h_device_id_metric_bucket_pk" PRIMARY KEY ("device_id","metric","bucket") INCLUDE ("min","max","sum","count");
--> statement-breakpoint
ALTER TABLE "reading_rollups_6h" DROP CONSTRAINT "reading_rollups_6h_device_id_metric_bucket_pk";--> statement-breakpoint
ALTER TABLE "reading_rollups_6h" ADD CONSTRAINT "reading_rollups_6h_device_id_metric_bucket_pk" PRIMARY KEY ("device_id","metric","bucket") INCLUDE ("min","max","sum","count");
--> statement-breakpoint
ALTER TABLE "reading_rollups_1d" DROP CONSTRAINT "reading_rollups_1d_device_id_metric_bucket_pk";--> statement-breakpoint
ALTER TABLE "reading_rollups_1d" ADD CONSTRAINT "reading_rollups_1d_device_id_metric_bucket_pk" PRIMARY KEY ("device_id","metric","bucket") INCLUDE ("min","max","sum","count");
--> statement-breakpoint
ALTER TABLE "readings" RENAME TO "readings_legacy";--> statement-breakpoint
ALTER TABLE "readings_legacy" RENAME CONSTRAINT "readings_device_id_ts_pk" TO "readings_legacy_device_id_ts_pk";--> statement-breakpoint
CREATE TABLE "readings" (
	"device_id" uuid NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"backfilled" boolean DEFAULT false NOT NULL,
	"node_type" smallint,
	"t" real,
	"h" real,
	"c" real,
	"b" real,
	"m" smallint,
	"d" smallint,
	"w" smallint,
	"thermo" real,
	"sht_t" real,
	"sht_rh" real,
	"sht_1_t" real,
	"sht_1_rh" real,
	"co2_s" real,
	"bv" real,
	"water_s" real,
	"ln2lvl" real,
	"pressure" real,
	"light_s" real,
	"extra" jsonb,
	CONSTRAINT "readings_device_id_ts_pk" PRIMARY KEY("device_id","ts")
) PARTITION BY RANGE ("ts");--> statement-breakpoint
DO $$
DECLARE
  newest timestamptz;
  cutover timestamptz;
  this_month timestamptz := date_trunc('month', now(), 'UTC');
BEGIN
  IF NOT EXISTS (SELECT 1 FROM readings_legacy) THEN
    DROP TABLE readings_legacy;
    -- Readings of months that have no partition yet (a gateway's old buffer) wait here until
    -- the worker moves them into their month's partition.
    CREATE TABLE readings_default PARTITION OF readings DEFAULT;
    -- This month and the next two; the worker keeps creating them ahead (readings/partitions.ts).
    FOR i IN 0..2 LOOP
      EXECUTE format('CREATE TABLE %I PARTITION OF readings FOR VALUES FROM (%L) TO (%L)',
        'readings_p' || to_char((this_month + make_interval(months => i)) AT TIME ZONE 'UTC', 'YYYYMM'),
        this_month + make_interval(months => i), this_month + make_interval(months => i + 1));
    END LOOP;
  ELSE
    -- The newest reading, device by device along the primary key: no scan of the whole table.
    WITH RECURSIVE ids AS (
      (SELECT device_id FROM readings_legacy ORDER BY device_id LIMIT 1)
      UNION ALL
      SELECT (SELECT r.device_id FROM readings_legacy r WHERE r.device_id > ids.device_id
        ORDER BY r.device_id LIMIT 1)
      FROM ids WHERE ids.device_id IS NOT NULL
    )
    SELECT max((SELECT max(r.ts) FROM readings_legacy r WHERE r.device_id = ids.device_id))
      INTO newest FROM ids WHERE ids.device_id IS NOT NULL;
    -- The existing rows stay where they are, as the default partition, bounded by a check that
    -- the worker validates later without blocking writes; monthly partitions follow it from
    -- `cutover` on, so nothing is copied and no scan runs here.
    cutover := date_trunc('month', greatest(newest, now()), 'UTC') + interval '1 month';
    EXECUTE format('ALTER TABLE readings_legacy ADD CONSTRAINT readings_legacy_before CHECK (ts < %L) NOT VALID', cutover);
    ALTER TABLE readings ATTACH PARTITION readings_legacy DEFAULT;
  END IF;
END $$;
