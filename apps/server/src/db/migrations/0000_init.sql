CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_name" text NOT NULL,
	"email" text NOT NULL,
	"country_code" text DEFAULT '+44' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"temperature_unit" text DEFAULT 'C' NOT NULL,
	"voice_call" boolean DEFAULT false NOT NULL,
	"sms_limit" integer DEFAULT 100 NOT NULL,
	"alarm_sensor_name" text DEFAULT '' NOT NULL,
	"escalation_minutes" integer DEFAULT 60 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"disabled_at" timestamp with time zone,
	"purge_after" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "offline_alarm_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"offline_alarm_enable" boolean DEFAULT false NOT NULL,
	"max_alarms" integer DEFAULT 24 NOT NULL,
	"alarm_frequency" integer DEFAULT 60 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid,
	"parent_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"role" text NOT NULL,
	"country_code" text DEFAULT '+44' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"usr" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"is_activated" boolean DEFAULT false NOT NULL,
	"email_confirmed_at" timestamp with time zone,
	"camera_url" text,
	"dashboard_prefs" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_account_by_role" CHECK (("users"."role" = 'super_admin') = ("users"."account_id" is null))
);
--> statement-breakpoint
CREATE TABLE "device_users" (
	"device_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_users_device_id_user_id_pk" PRIMARY KEY("device_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"name" text NOT NULL,
	"gateway_id" uuid,
	"location_id" uuid,
	"equipment_type" text DEFAULT 'N/A' NOT NULL,
	"equipment_status" boolean DEFAULT true NOT NULL,
	"offline_alarm_enable" boolean DEFAULT true NOT NULL,
	"offline_alarm_frequency" integer DEFAULT 0 NOT NULL,
	"ttl" integer DEFAULT 60 NOT NULL,
	"spill_sensor" boolean DEFAULT false NOT NULL,
	"invert_water_signal" boolean DEFAULT false NOT NULL,
	"timezone" text DEFAULT 'Etc/UTC' NOT NULL,
	"node_type" integer,
	"status" text DEFAULT 'inactive' NOT NULL,
	"last_seen_at" timestamp with time zone,
	"latest_ts" timestamp with time zone,
	"latest_data" jsonb,
	"removed_from_location_at" timestamp with time zone,
	"fv_last_version" text,
	"fv_new_version" text,
	"ota_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateways" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"gateway_id" text NOT NULL,
	"name" text NOT NULL,
	"lora_freq" text DEFAULT '' NOT NULL,
	"secret_hash" text,
	"status" text DEFAULT 'offline' NOT NULL,
	"last_seen_at" timestamp with time zone,
	"esp32_last_version" text,
	"esp32_new_version" text,
	"lora_last_version" text,
	"lora_new_version" text,
	"nextion_last_version" text,
	"nextion_new_version" text,
	"lora_main_status" text,
	"main_ota_status" text,
	"nextion_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "door_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"usr" text,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gateway_id" text NOT NULL,
	"account_id" uuid,
	"source" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_rollups_1d" (
	"device_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"metric" text NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "reading_rollups_1d_device_id_metric_bucket_pk" PRIMARY KEY("device_id","metric","bucket")
);
--> statement-breakpoint
CREATE TABLE "reading_rollups_1h" (
	"device_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"metric" text NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "reading_rollups_1h_device_id_metric_bucket_pk" PRIMARY KEY("device_id","metric","bucket")
);
--> statement-breakpoint
CREATE TABLE "reading_rollups_1m" (
	"device_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"metric" text NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "reading_rollups_1m_device_id_metric_bucket_pk" PRIMARY KEY("device_id","metric","bucket")
);
--> statement-breakpoint
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
);
--> statement-breakpoint
CREATE TABLE "alarm_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"alarm_id" uuid,
	"type" text NOT NULL,
	"value" real,
	"min" real,
	"max" real,
	"reading_ts" timestamp with time zone,
	"out_of_range_since" timestamp with time zone,
	"raised_at" timestamp with time zone NOT NULL,
	"notified_count" integer DEFAULT 0 NOT NULL,
	"last_notified_at" timestamp with time zone,
	"cleared_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"escalated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alarm_id" uuid,
	"profile_id" uuid,
	"user_id" uuid,
	"email" text DEFAULT '' NOT NULL,
	"country_code" text DEFAULT '+44' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"profile_id" uuid,
	"kind" text DEFAULT 'threshold' NOT NULL,
	"name" text NOT NULL,
	"temp_enabled" boolean DEFAULT false NOT NULL,
	"min_temp" real,
	"max_temp" real,
	"sht_t_enabled" boolean DEFAULT false NOT NULL,
	"min_sht_t" real,
	"max_sht_t" real,
	"humidity_enabled" boolean DEFAULT false NOT NULL,
	"min_humidity" real,
	"max_humidity" real,
	"carbon_enabled" boolean DEFAULT false NOT NULL,
	"min_carbon" real,
	"max_carbon" real,
	"pressure_enabled" boolean DEFAULT false NOT NULL,
	"min_pressure" real,
	"max_pressure" real,
	"lntmp_enabled" boolean DEFAULT false NOT NULL,
	"min_lntmp" real,
	"max_lntmp" real,
	"ln2_level_enabled" boolean DEFAULT false NOT NULL,
	"min_ln2_level" real,
	"max_ln2_level" real,
	"water_enabled" boolean DEFAULT false NOT NULL,
	"battery_enabled" boolean DEFAULT false NOT NULL,
	"min_battery" real,
	"door_enabled" boolean DEFAULT false NOT NULL,
	"door_open_minutes" integer,
	"delay" integer DEFAULT 0 NOT NULL,
	"frequency" integer DEFAULT 15 NOT NULL,
	"one_time" boolean DEFAULT false NOT NULL,
	"timezone" text DEFAULT 'Etc/UTC' NOT NULL,
	"enable" boolean DEFAULT true NOT NULL,
	"admin_enable" boolean DEFAULT false NOT NULL,
	"email_enable" boolean DEFAULT true NOT NULL,
	"text_enable" boolean DEFAULT false NOT NULL,
	"call_enable" boolean DEFAULT false NOT NULL,
	"min_lux" real,
	"max_lux" real,
	"light_schedule" jsonb,
	"created_by" uuid,
	"created_by_role" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"temp_enabled" boolean DEFAULT false NOT NULL,
	"min_temp" real,
	"max_temp" real,
	"sht_t_enabled" boolean DEFAULT false NOT NULL,
	"min_sht_t" real,
	"max_sht_t" real,
	"humidity_enabled" boolean DEFAULT false NOT NULL,
	"min_humidity" real,
	"max_humidity" real,
	"carbon_enabled" boolean DEFAULT false NOT NULL,
	"min_carbon" real,
	"max_carbon" real,
	"pressure_enabled" boolean DEFAULT false NOT NULL,
	"min_pressure" real,
	"max_pressure" real,
	"lntmp_enabled" boolean DEFAULT false NOT NULL,
	"min_lntmp" real,
	"max_lntmp" real,
	"ln2_level_enabled" boolean DEFAULT false NOT NULL,
	"min_ln2_level" real,
	"max_ln2_level" real,
	"water_enabled" boolean DEFAULT false NOT NULL,
	"battery_enabled" boolean DEFAULT false NOT NULL,
	"min_battery" real,
	"door_enabled" boolean DEFAULT false NOT NULL,
	"door_open_minutes" integer,
	"delay" integer DEFAULT 0 NOT NULL,
	"frequency" integer DEFAULT 15 NOT NULL,
	"one_time" boolean DEFAULT false NOT NULL,
	"timezone" text DEFAULT 'Etc/UTC' NOT NULL,
	"enable" boolean DEFAULT true NOT NULL,
	"admin_enable" boolean DEFAULT false NOT NULL,
	"email_enable" boolean DEFAULT true NOT NULL,
	"text_enable" boolean DEFAULT false NOT NULL,
	"call_enable" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alarm_event_id" uuid NOT NULL,
	"user_id" uuid,
	"comment" text NOT NULL,
	"is_acknowledgement" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourite_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_template_relations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"type" text NOT NULL,
	"method" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid,
	"title" text NOT NULL,
	"template" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid,
	"user_id" uuid,
	"alarm_event_id" uuid,
	"channel" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"is_sms" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"provider_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"enable" boolean DEFAULT true NOT NULL,
	"events" jsonb DEFAULT '["alarm"]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_devices" (
	"report_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	CONSTRAINT "report_devices_report_id_device_id_pk" PRIMARY KEY("report_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "report_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"file_path" text,
	"error" text,
	"manual" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_users" (
	"report_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "report_users_report_id_user_id_pk" PRIMARY KEY("report_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'normal' NOT NULL,
	"temp" boolean DEFAULT true NOT NULL,
	"humidity" boolean DEFAULT true NOT NULL,
	"carbon" boolean DEFAULT true NOT NULL,
	"pressure" boolean DEFAULT false NOT NULL,
	"thermo_couple" boolean DEFAULT false NOT NULL,
	"insight_report" boolean DEFAULT false NOT NULL,
	"door" boolean DEFAULT false NOT NULL,
	"lnlvl" boolean DEFAULT false NOT NULL,
	"lntmp" boolean DEFAULT false NOT NULL,
	"water" boolean DEFAULT false NOT NULL,
	"admin_enable" boolean DEFAULT true NOT NULL,
	"enable" boolean DEFAULT true NOT NULL,
	"frequency" integer DEFAULT 1 NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"offset" text DEFAULT '+00:00' NOT NULL,
	"timezone" text DEFAULT 'Etc/UTC' NOT NULL,
	"format" integer DEFAULT 0 NOT NULL,
	"sort_by" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"title" text NOT NULL,
	"image_path" text NOT NULL,
	"image_mime" text NOT NULL,
	"image_width" integer NOT NULL,
	"image_height" integer NOT NULL,
	"image_settings" jsonb DEFAULT '{"x":0,"y":0}'::jsonb NOT NULL,
	"location_settings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"device_settings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"radius" integer DEFAULT 5 NOT NULL,
	"scale" real DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"version" text NOT NULL,
	"filename" text NOT NULL,
	"path" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firmware_id" uuid NOT NULL,
	"gateway_id" uuid,
	"device_id" uuid,
	"command" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_chain_heads" (
	"chain" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"seq" bigint NOT NULL,
	"account_id" uuid,
	"account_name" text,
	"user_id" uuid,
	"user_email" text,
	"event" text NOT NULL,
	"action" text NOT NULL,
	"result" text NOT NULL,
	"information" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"singleton_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid,
	"user_id" uuid,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"result_path" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_alarm_settings" ADD CONSTRAINT "offline_alarm_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_parent_id_users_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_users" ADD CONSTRAINT "device_users_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_users" ADD CONSTRAINT "device_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_events" ADD CONSTRAINT "door_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_events" ADD CONSTRAINT "door_events_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_logs" ADD CONSTRAINT "gateway_logs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_events" ADD CONSTRAINT "alarm_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_events" ADD CONSTRAINT "alarm_events_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_events" ADD CONSTRAINT "alarm_events_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_events" ADD CONSTRAINT "alarm_events_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_users" ADD CONSTRAINT "alarm_users_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_users" ADD CONSTRAINT "alarm_users_profile_id_alert_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."alert_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_users" ADD CONSTRAINT "alarm_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_profile_id_alert_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."alert_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_profiles" ADD CONSTRAINT "alert_profiles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_profiles" ADD CONSTRAINT "alert_profiles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_alarm_event_id_alarm_events_id_fk" FOREIGN KEY ("alarm_event_id") REFERENCES "public"."alarm_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_comments" ADD CONSTRAINT "favourite_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_template_relations" ADD CONSTRAINT "message_template_relations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_template_relations" ADD CONSTRAINT "message_template_relations_template_id_message_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."message_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_alarm_event_id_alarm_events_id_fk" FOREIGN KEY ("alarm_event_id") REFERENCES "public"."alarm_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_devices" ADD CONSTRAINT "report_devices_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_devices" ADD CONSTRAINT "report_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_users" ADD CONSTRAINT "report_users_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_users" ADD CONSTRAINT "report_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maps" ADD CONSTRAINT "maps_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_files" ADD CONSTRAINT "firmware_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_updates" ADD CONSTRAINT "firmware_updates_firmware_id_firmware_files_id_fk" FOREIGN KEY ("firmware_id") REFERENCES "public"."firmware_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_updates" ADD CONSTRAINT "firmware_updates_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_updates" ADD CONSTRAINT "firmware_updates_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_updates" ADD CONSTRAINT "firmware_updates_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_account_idx" ON "api_keys" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_tokens_hash_key" ON "user_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_account_idx" ON "users" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "users_parent_idx" ON "users" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "device_users_user_idx" ON "device_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_device_id_key" ON "devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "devices_account_idx" ON "devices" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "devices_gateway_idx" ON "devices" USING btree ("gateway_id");--> statement-breakpoint
CREATE INDEX "devices_location_idx" ON "devices" USING btree ("location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gateways_gateway_id_key" ON "gateways" USING btree ("gateway_id");--> statement-breakpoint
CREATE INDEX "gateways_account_idx" ON "gateways" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "locations_account_idx" ON "locations" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "door_events_account_idx" ON "door_events" USING btree ("account_id","opened_at");--> statement-breakpoint
CREATE INDEX "door_events_device_idx" ON "door_events" USING btree ("device_id","opened_at");--> statement-breakpoint
CREATE INDEX "gateway_logs_gateway_idx" ON "gateway_logs" USING btree ("gateway_id","created_at");--> statement-breakpoint
CREATE INDEX "gateway_logs_created_idx" ON "gateway_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "alarm_events_account_idx" ON "alarm_events" USING btree ("account_id","raised_at");--> statement-breakpoint
CREATE INDEX "alarm_events_device_idx" ON "alarm_events" USING btree ("device_id","raised_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_events_open_key" ON "alarm_events" USING btree ("device_id","alarm_id","type") WHERE "alarm_events"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "alarm_users_alarm_idx" ON "alarm_users" USING btree ("alarm_id");--> statement-breakpoint
CREATE INDEX "alarm_users_profile_idx" ON "alarm_users" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "alarms_account_idx" ON "alarms" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "alarms_device_idx" ON "alarms" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "alarms_profile_idx" ON "alarms" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "alert_profiles_account_idx" ON "alert_profiles" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "comments_event_idx" ON "comments" USING btree ("alarm_event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "favourite_comments_user_message_key" ON "favourite_comments" USING btree ("user_id","message");--> statement-breakpoint
CREATE UNIQUE INDEX "message_template_relations_key" ON "message_template_relations" USING btree ("user_id","type","method");--> statement-breakpoint
CREATE INDEX "message_templates_account_idx" ON "message_templates" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "notifications_account_idx" ON "notifications" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_created_idx" ON "notifications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "webhooks_account_idx" ON "webhooks" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_runs_period_key" ON "report_runs" USING btree ("report_id","period_start") WHERE "report_runs"."manual" = false;--> statement-breakpoint
CREATE INDEX "report_runs_report_idx" ON "report_runs" USING btree ("report_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_account_idx" ON "reports" USING btree ("account_id","type");--> statement-breakpoint
CREATE INDEX "maps_account_idx" ON "maps" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "firmware_files_kind_idx" ON "firmware_files" USING btree ("target","kind","created_at");--> statement-breakpoint
CREATE INDEX "firmware_updates_gateway_idx" ON "firmware_updates" USING btree ("gateway_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_chain_seq_key" ON "audit_log" USING btree ("chain","seq");--> statement-breakpoint
CREATE INDEX "audit_log_account_idx" ON "audit_log" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_key" ON "jobs" USING btree ("singleton_key");--> statement-breakpoint
CREATE INDEX "tasks_account_idx" ON "tasks" USING btree ("account_id","created_at");