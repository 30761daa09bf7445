ALTER TABLE "users" ADD COLUMN "alarm_sound_muted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_events" ADD COLUMN "peak_value" real;--> statement-breakpoint
ALTER TABLE "alarm_events" ADD COLUMN "acknowledged_meaning" text;--> statement-breakpoint
CREATE INDEX "alarm_events_attention_idx" ON "alarm_events" USING btree ("account_id","raised_at") WHERE "alarm_events"."cleared_at" is null or "alarm_events"."acknowledged_at" is null;--> statement-breakpoint
UPDATE "alarm_events" SET "peak_value" = "value" WHERE "peak_value" IS NULL;