ALTER TABLE "journals" ADD COLUMN "posted_by_id" uuid;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "posted_by_name" text;