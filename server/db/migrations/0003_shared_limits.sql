CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"inflight" integer DEFAULT 0 NOT NULL,
	"inflight_until" timestamp with time zone,
	"blocked_until" timestamp with time zone
);
