CREATE TABLE "job_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"job" text NOT NULL,
	"item" text NOT NULL,
	"attempt" integer NOT NULL,
	"action" text NOT NULL,
	"fbid" text NOT NULL,
	"object" text NOT NULL,
	"outcome" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_records" ADD CONSTRAINT "job_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_records_key_idx" ON "job_records" USING btree ("user_id","job","item","attempt");