ALTER TABLE "products" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_top_rated_idx" ON "products" USING btree ("rating" DESC NULLS LAST,"num_reviews" DESC NULLS LAST,"created_at" DESC NULLS LAST) WHERE "products"."status";--> statement-breakpoint
CREATE INDEX "products_active_category_created_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS LAST) WHERE "products"."status";