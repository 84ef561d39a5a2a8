-- Storefront filters, sorts and facets (docs/decisions/0103-filters-and-facets.md). Partial indexes on
-- active products only (lists never show the others). None of them reads count_in_stock, which every
-- order changes: its updates stay HOT (no index entry rewritten) unless a size or colour sells out.

-- Sort by price (both ways, read forwards or backwards) and the price range filter.
CREATE INDEX IF NOT EXISTS products_active_sale_price_idx ON products (sale_price, id) WHERE status;
--> statement-breakpoint
-- Sort by discount and "20% off & up".
CREATE INDEX IF NOT EXISTS products_active_discount_idx ON products (discount_percent, id) WHERE status;
--> statement-breakpoint
-- Brand filter: brands match whatever their case.
CREATE INDEX IF NOT EXISTS products_active_brand_idx ON products (lower(brand)) WHERE status;
--> statement-breakpoint
-- Size and colour filters: array overlap (&&), all sizes or, with "in stock only", those in stock.
CREATE INDEX IF NOT EXISTS products_active_sizes_idx ON products USING gin (sizes) WHERE status;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_active_colours_idx ON products USING gin (colours) WHERE status;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_active_available_sizes_idx ON products USING gin (available_sizes) WHERE status;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_active_available_colours_idx ON products USING gin (available_colours) WHERE status;
--> statement-breakpoint
-- The discount-expiry sweep: products whose sale price still has a discount off (a small share).
CREATE INDEX IF NOT EXISTS products_discounted_idx ON products (id) WHERE sale_price < list_price;
