CREATE TABLE "alarm_conditions" (
	"alarm_id" uuid NOT NULL,
	"type" text NOT NULL,
	"device_id" uuid NOT NULL,
	"last_reading_ts" timestamp with time zone NOT NULL,
	"pending_since" timestamp with time zone,
	"last_notified_raise_ts" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarm_conditions_alarm_id_type_pk" PRIMARY KEY("alarm_id","type")
);
--> statement-breakpoint
ALTER TABLE "alarm_conditions" ADD CONSTRAINT "alarm_conditions_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_conditions" ADD CONSTRAINT "alarm_conditions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_conditions_device_idx" ON "alarm_conditions" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "alarm_conditions_pending_idx" ON "alarm_conditions" USING btree ("pending_since") WHERE "alarm_conditions"."pending_since" is not null;