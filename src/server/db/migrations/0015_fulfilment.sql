CREATE TYPE "public"."refund_state" AS ENUM('pending', 'processing', 'processed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."return_kind" AS ENUM('return', 'exchange');--> statement-breakpoint
CREATE TYPE "public"."return_state" AS ENUM('requested', 'approved', 'rejected', 'picked_up', 'received', 'refunded', 'exchanged', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."shipment_kind" AS ENUM('order', 'exchange');--> statement-breakpoint
CREATE TYPE "public"."shipment_state" AS ENUM('placed', 'accepted', 'packed', 'shipped', 'delivered', 'cancelled', 'returned_to_origin');--> statement-breakpoint
CREATE TABLE "delivery_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"days_same_city" smallint DEFAULT 2 NOT NULL,
	"days_same_state" smallint DEFAULT 3 NOT NULL,
	"days_other_state" smallint DEFAULT 5 NOT NULL,
	"days_special" smallint DEFAULT 7 NOT NULL,
	"handling_days" smallint DEFAULT 1 NOT NULL,
	"cod_limit" numeric(14, 2) DEFAULT '50000' NOT NULL,
	"cod_unaccepted_hours" smallint DEFAULT 72 NOT NULL,
	"max_open_cod_orders" smallint DEFAULT 3 NOT NULL,
	"max_open_cod_units" smallint DEFAULT 10 NOT NULL,
	"max_rto_for_cod" smallint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor_id" uuid,
	"actor_role" text NOT NULL,
	"note" text,
	"data" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pincodes" (
	"pincode" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"district" text NOT NULL,
	"serviceable" boolean DEFAULT true NOT NULL,
	"cod_allowed" boolean DEFAULT true NOT NULL,
	"cod_limit" numeric(14, 2)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"shipment_id" uuid,
	"return_request_id" uuid,
	"payment_id" uuid,
	"method" "payment_method" NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_inr" numeric(14, 2) NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"state" "refund_state" DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"reference" text,
	"refund_account" jsonb,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	"raw" jsonb,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_provider_refund_key" UNIQUE("method","provider_refund_id"),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"kind" "return_kind" NOT NULL,
	"qty" integer NOT NULL,
	"reason" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"media" text[] DEFAULT '{}'::text[] NOT NULL,
	"exchange_variant_id" uuid,
	"exchange_reserved" boolean DEFAULT false NOT NULL,
	"state" "return_state" DEFAULT 'requested' NOT NULL,
	"reject_reason" text,
	"refund_account" jsonb,
	"pickup_scheduled_for" date,
	"approved_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_qty_positive" CHECK ("return_requests"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "seller_delivery_areas" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"states" text[] DEFAULT '{}'::text[] NOT NULL,
	"excluded_prefixes" text[] DEFAULT '{}'::text[] NOT NULL,
	"cod_allowed" boolean DEFAULT true NOT NULL,
	"handling_days" smallint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"kind" "shipment_kind" DEFAULT 'order' NOT NULL,
	"return_request_id" uuid,
	"state" "shipment_state" DEFAULT 'placed' NOT NULL,
	"courier" text,
	"tracking_number" text,
	"tracking_url" text,
	"expected_delivery_date" date,
	"pincode" text,
	"cancel_reason" text,
	"cancelled_by" text,
	"accepted_at" timestamp with time zone,
	"packed_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_shipped_has_tracking" CHECK ("shipments"."shipped_at" is null or "shipments"."tracking_number" is not null)
);
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "order_number_seq";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_number" text;--> statement-breakpoint
-- Existing orders are numbered in the order they were placed, each with the year it was placed in.
UPDATE "orders" o SET "order_number" = 'HAAT-' || to_char(o."created_at" at time zone 'Asia/Kolkata', 'YYYY') || '-' || lpad(n.seq::text, 6, '0')
  FROM (SELECT "id", nextval('order_number_seq') AS seq FROM (SELECT "id" FROM "orders" ORDER BY "created_at", "id") ordered) n
  WHERE n."id" = o."id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" SET DEFAULT 'HAAT-' || to_char(now() at time zone 'Asia/Kolkata', 'YYYY') || '-' || lpad(nextval('order_number_seq')::text, 6, '0');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_payments" ADD COLUMN "reversed_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_payments" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_return_request_id_return_requests_id_fk" FOREIGN KEY ("return_request_id") REFERENCES "public"."return_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_exchange_variant_id_product_variants_id_fk" FOREIGN KEY ("exchange_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_delivery_areas" ADD CONSTRAINT "seller_delivery_areas_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "order_events_subject_idx" ON "order_events" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "pincodes_state_idx" ON "pincodes" USING btree ("state");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_state_idx" ON "refunds" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "return_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_requests_seller_state_idx" ON "return_requests" USING btree ("seller_id","state");--> statement-breakpoint
CREATE INDEX "return_requests_item_idx" ON "return_requests" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_seller_key" ON "shipments" USING btree ("order_id","seller_id") WHERE "shipments"."kind" = 'order';--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_exchange_key" ON "shipments" USING btree ("return_request_id") WHERE "shipments"."return_request_id" is not null;--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipments_seller_state_idx" ON "shipments" USING btree ("seller_id","state","created_at");--> statement-breakpoint
CREATE INDEX "shipments_state_idx" ON "shipments" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "shipments_pincode_idx" ON "shipments" USING btree ("pincode");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_orderNumber_unique" UNIQUE("order_number");
--> statement-breakpoint
INSERT INTO "delivery_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- One shipment per seller of every existing order, in the state its order's flags give it. An order already
-- complete (paid, or cash on delivery) and not yet delivered was being worked on before shipments existed: it
-- starts accepted, so the sweep of cash-on-delivery orders nobody accepted leaves it alone.
INSERT INTO "shipments" ("order_id", "seller_id", "state", "pincode", "accepted_at", "delivered_at", "cancelled_at", "cancelled_by", "created_at", "updated_at")
SELECT DISTINCT ON (i."order_id", i."seller_id") i."order_id", i."seller_id",
  (CASE WHEN o."status" = 'cancelled' THEN 'cancelled' WHEN o."is_delivered" THEN 'delivered'
        WHEN o."is_paid" OR o."payment_method" = 'CashOnDelivery' THEN 'accepted' ELSE 'placed' END)::shipment_state,
  o."shipping_address"->>'postalCode',
  CASE WHEN o."status" <> 'cancelled' AND NOT o."is_delivered" AND (o."is_paid" OR o."payment_method" = 'CashOnDelivery') THEN o."created_at" END,
  o."delivered_at", o."cancelled_at",
  CASE WHEN o."status" = 'cancelled' THEN 'system' END, o."created_at", o."created_at"
FROM "order_items" i JOIN "orders" o ON o."id" = i."order_id";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "subject", "subject_id", "from_state", "to_state", "actor_role", "at")
SELECT s."order_id", 'shipment', s."id", NULL, 'placed', 'system', s."created_at" FROM "shipments" s;--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "subject", "subject_id", "from_state", "to_state", "actor_role", "at")
SELECT s."order_id", 'shipment', s."id", 'placed', s."state"::text, 'system', coalesce(s."delivered_at", s."cancelled_at", s."accepted_at", s."created_at")
FROM "shipments" s WHERE s."state" <> 'placed';
