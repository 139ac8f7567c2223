CREATE TABLE "product_file_chunks" (
	"file_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "product_file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
ALTER TABLE "product_file_chunks" ADD CONSTRAINT "product_file_chunks_file_id_product_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."product_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Files stored whole before this migration move forward as one piece each (decision 0350).
INSERT INTO "product_file_chunks" ("file_id", "seq", "data") SELECT "id", 0, "content" FROM "product_files";--> statement-breakpoint
ALTER TABLE "product_files" DROP COLUMN "content";