CREATE TABLE "library_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"org_id" integer,
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"body" jsonb NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "library_items_owner_check" CHECK ((user_id is null) <> (org_id is null))
);
--> statement-breakpoint
ALTER TABLE "saved_views" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_views" ADD COLUMN "org_id" integer;--> statement-breakpoint
ALTER TABLE "saved_views" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "library_items" ADD CONSTRAINT "library_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_items" ADD CONSTRAINT "library_items_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_items" ADD CONSTRAINT "library_items_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "library_items_user_key_idx" ON "library_items" USING btree ("user_id","kind","item_id") WHERE org_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "library_items_org_key_idx" ON "library_items" USING btree ("org_id","kind","item_id") WHERE org_id is not null;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_records_org_user_idx" ON "job_records" USING btree ("org_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "job_records_org_action_idx" ON "job_records" USING btree ("org_id","action" text_pattern_ops,"created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_org_key_idx" ON "saved_views" USING btree ("org_id","list","name") WHERE org_id is not null;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_check" CHECK ((user_id is null) <> (org_id is null));--> statement-breakpoint
UPDATE "saved_views" SET "updated_by" = "user_id";