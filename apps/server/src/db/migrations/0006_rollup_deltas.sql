CREATE TABLE "reading_rollup_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_ids" uuid[] NOT NULL,
	"metrics" text[] NOT NULL,
	"buckets" bigint[] NOT NULL,
	"mins" double precision[] NOT NULL,
	"maxs" double precision[] NOT NULL,
	"sums" double precision[] NOT NULL,
	"counts" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
