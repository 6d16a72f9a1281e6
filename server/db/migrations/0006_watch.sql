CREATE TABLE "watch_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"object_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"field" text NOT NULL,
	"from" jsonb,
	"to" jsonb,
	"by" text NOT NULL,
	"window_from" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_objects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"object_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"state" jsonb NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watch_changes" ADD CONSTRAINT "watch_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_objects" ADD CONSTRAINT "watch_objects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watch_changes_user_at_idx" ON "watch_changes" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "watch_changes_object_idx" ON "watch_changes" USING btree ("user_id","type","object_id","at");--> statement-breakpoint
CREATE INDEX "watch_changes_at_idx" ON "watch_changes" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "watch_objects_key_idx" ON "watch_objects" USING btree ("user_id","type","object_id");--> statement-breakpoint
CREATE INDEX "watch_objects_seen_idx" ON "watch_objects" USING btree ("seen_at");--> statement-breakpoint
CREATE INDEX "job_records_object_idx" ON "job_records" USING btree ("user_id","object","created_at");