CREATE TABLE "graphql_docs" (
	"operation" text PRIMARY KEY NOT NULL,
	"doc_id" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "graphql_docs" ADD CONSTRAINT "graphql_docs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;