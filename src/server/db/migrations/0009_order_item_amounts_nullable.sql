ALTER TABLE "order_items" ALTER COLUMN "order_price" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "order_discounted_price" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "order_tax_amount" DROP NOT NULL;