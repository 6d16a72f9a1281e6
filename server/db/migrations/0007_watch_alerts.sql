CREATE TABLE "watch_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"rule" text NOT NULL,
	"rule_name" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"object_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"change" jsonb NOT NULL,
	"by" text NOT NULL,
	"members" jsonb,
	"fired_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"target" text,
	"secret" text,
	"lang" text DEFAULT 'zh-CN' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_checks" (
	"user_id" integer NOT NULL,
	"check" text NOT NULL,
	"ok" boolean NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "watch_checks_user_id_check_pk" PRIMARY KEY("user_id","check")
);
--> statement-breakpoint
CREATE TABLE "watch_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"alert_id" bigint NOT NULL,
	"channel_id" integer NOT NULL,
	"state" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "watch_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"preset" text,
	"name" text DEFAULT '' NOT NULL,
	"type" text,
	"field" text,
	"op" text,
	"value" jsonb,
	"objects" jsonb,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"quiet_from" text,
	"quiet_to" text,
	"time_zone" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watch_alerts" ADD CONSTRAINT "watch_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_channels" ADD CONSTRAINT "watch_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_checks" ADD CONSTRAINT "watch_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_outbox" ADD CONSTRAINT "watch_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_outbox" ADD CONSTRAINT "watch_outbox_alert_id_watch_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."watch_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_outbox" ADD CONSTRAINT "watch_outbox_channel_id_watch_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."watch_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_rules" ADD CONSTRAINT "watch_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_settings" ADD CONSTRAINT "watch_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "watch_alerts_firing_idx" ON "watch_alerts" USING btree ("user_id","rule","type","object_id") WHERE state = 'firing';--> statement-breakpoint
CREATE INDEX "watch_alerts_user_idx" ON "watch_alerts" USING btree ("user_id","state","updated_at");--> statement-breakpoint
CREATE INDEX "watch_channels_user_idx" ON "watch_channels" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "watch_outbox_key_idx" ON "watch_outbox" USING btree ("alert_id","channel_id","state");--> statement-breakpoint
CREATE INDEX "watch_outbox_due_idx" ON "watch_outbox" USING btree ("status","next_at");--> statement-breakpoint
CREATE UNIQUE INDEX "watch_rules_preset_idx" ON "watch_rules" USING btree ("user_id","preset");--> statement-breakpoint
CREATE INDEX "watch_rules_user_idx" ON "watch_rules" USING btree ("user_id");