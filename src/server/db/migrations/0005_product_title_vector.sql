ALTER TABLE "products" ADD COLUMN "title_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "products_title_vector_idx" ON "products" USING gin ("title_vector");