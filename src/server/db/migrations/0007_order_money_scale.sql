ALTER TABLE "orders" ALTER COLUMN "items_price" SET DATA TYPE numeric(16, 3);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "shipping_price" SET DATA TYPE numeric(16, 3);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "shipping_price" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "tax_price" SET DATA TYPE numeric(16, 3);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "discount" SET DATA TYPE numeric(16, 3);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "discount" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_price" SET DATA TYPE numeric(16, 3);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "order_price" numeric(16, 3);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "order_discounted_price" numeric(16, 3);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "order_tax_amount" numeric(16, 3);--> statement-breakpoint
-- Lines written before this migration belong to INR orders: their order-currency amounts are the INR ones.
UPDATE "order_items" SET "order_price" = "price", "order_discounted_price" = "discounted_price", "order_tax_amount" = "tax_amount";--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "order_price" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "order_discounted_price" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "order_tax_amount" SET NOT NULL;