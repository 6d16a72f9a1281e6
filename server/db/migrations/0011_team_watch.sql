DROP INDEX "watch_rules_preset_idx";--> statement-breakpoint
ALTER TABLE "watch_channels" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "watch_outbox" ALTER COLUMN "alert_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "watch_rules" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "watch_alerts" ADD COLUMN "org_id" integer;--> statement-breakpoint
ALTER TABLE "watch_channels" ADD COLUMN "org_id" integer;--> statement-breakpoint
ALTER TABLE "watch_outbox" ADD COLUMN "kind" text DEFAULT 'alert' NOT NULL;--> statement-breakpoint
ALTER TABLE "watch_outbox" ADD COLUMN "approval_id" integer;--> statement-breakpoint
ALTER TABLE "watch_rules" ADD COLUMN "org_id" integer;--> statement-breakpoint
ALTER TABLE "watch_alerts" ADD CONSTRAINT "watch_alerts_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_channels" ADD CONSTRAINT "watch_channels_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_outbox" ADD CONSTRAINT "watch_outbox_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_rules" ADD CONSTRAINT "watch_rules_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watch_channels_org_idx" ON "watch_channels" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "watch_outbox_approval_key_idx" ON "watch_outbox" USING btree ("approval_id","channel_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "watch_rules_org_preset_idx" ON "watch_rules" USING btree ("org_id","preset") WHERE org_id is not null;--> statement-breakpoint
CREATE INDEX "watch_rules_org_idx" ON "watch_rules" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "watch_rules_preset_idx" ON "watch_rules" USING btree ("user_id","preset") WHERE org_id is null;--> statement-breakpoint
ALTER TABLE "watch_channels" ADD CONSTRAINT "watch_channels_owner_check" CHECK ((user_id is null) <> (org_id is null));--> statement-breakpoint
ALTER TABLE "watch_outbox" ADD CONSTRAINT "watch_outbox_subject_check" CHECK ((kind = 'alert' and alert_id is not null) or (kind = 'approval' and approval_id is not null));--> statement-breakpoint
ALTER TABLE "watch_rules" ADD CONSTRAINT "watch_rules_owner_check" CHECK ((user_id is null) <> (org_id is null));