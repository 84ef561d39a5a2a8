CREATE TYPE "public"."commission_rule_kind" AS ENUM('percent', 'fixed');--> statement-breakpoint
CREATE TYPE "public"."ledger_entry_kind" AS ENUM('sale', 'sale_gst', 'commission', 'commission_gst', 'tcs', 'tds', 'cod_fee', 'adjustment', 'payout', 'payout_reversal');--> statement-breakpoint
CREATE TYPE "public"."payout_account_method" AS ENUM('bank', 'upi');--> statement-breakpoint
CREATE TYPE "public"."payout_account_status" AS ENUM('unverified', 'verified', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."payout_batch_state" AS ENUM('draft', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."payout_rail" AS ENUM('razorpayx', 'bank_file');--> statement-breakpoint
CREATE TYPE "public"."payout_state" AS ENUM('draft', 'queued', 'processing', 'processed', 'reversed', 'failed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."sale_moment" AS ENUM('delivered', 'shipped');--> statement-breakpoint
CREATE TABLE "cod_remittance_orders" (
	"order_id" uuid NOT NULL,
	"remittance_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "cod_remittance_orders_order_id_pk" PRIMARY KEY("order_id")
);
--> statement-breakpoint
CREATE TABLE "cod_remittances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"distributor_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text NOT NULL,
	"received_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_remittances_amount_positive" CHECK ("cod_remittances"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "commission_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid,
	"category_id" uuid,
	"product_id" uuid,
	"kind" "commission_rule_kind" NOT NULL,
	"percent" numeric(5, 2),
	"fixed_paise" bigint,
	"min_paise" bigint,
	"max_paise" bigint,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rules_scope" CHECK ("commission_rules"."seller_id" is not null or "commission_rules"."category_id" is not null or "commission_rules"."product_id" is not null),
	CONSTRAINT "commission_rules_value" CHECK (("commission_rules"."kind" = 'percent' and "commission_rules"."percent" is not null and "commission_rules"."percent" >= 0 and "commission_rules"."percent" <= 100)
        or ("commission_rules"."kind" = 'fixed' and "commission_rules"."fixed_paise" is not null and "commission_rules"."fixed_paise" >= 0)),
	CONSTRAINT "commission_rules_bounds" CHECK ("commission_rules"."min_paise" is null or "commission_rules"."max_paise" is null or "commission_rules"."max_paise" >= "commission_rules"."min_paise"),
	CONSTRAINT "commission_rules_dates" CHECK ("commission_rules"."effective_to" is null or "commission_rules"."effective_to" >= "commission_rules"."effective_from")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"kind" "ledger_entry_kind" NOT NULL,
	"amount" bigint NOT NULL,
	"cause" text NOT NULL,
	"reversal_of" uuid,
	"order_id" uuid,
	"shipment_id" uuid,
	"order_item_id" uuid,
	"return_request_id" uuid,
	"tax_document_id" uuid,
	"payout_id" uuid,
	"commission_rule_id" uuid,
	"qty" integer,
	"base" bigint,
	"rate" text,
	"rule" text,
	"note" text,
	"created_by" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_cause_key" UNIQUE NULLS NOT DISTINCT("kind","cause","order_item_id"),
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"method" "payout_account_method" NOT NULL,
	"account_holder" text NOT NULL,
	"account_number" text,
	"ifsc" text,
	"vpa" text,
	"pan" text,
	"status" "payout_account_status" DEFAULT 'unverified' NOT NULL,
	"reject_reason" text,
	"verified_at" timestamp with time zone,
	"verified_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "payout_batches_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"state" "payout_batch_state" DEFAULT 'draft' NOT NULL,
	"rail" "payout_rail" NOT NULL,
	"cutoff" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_items" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"payout_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"state" "payout_state" DEFAULT 'draft' NOT NULL,
	"rail" "payout_rail" NOT NULL,
	"account" jsonb NOT NULL,
	"provider_payout_id" text,
	"utr" text,
	"failure_reason" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	"processed_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_providerPayoutId_unique" UNIQUE("provider_payout_id"),
	CONSTRAINT "payouts_batch_seller_key" UNIQUE("batch_id","seller_id"),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "settlement_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"sale_on" "sale_moment" DEFAULT 'delivered' NOT NULL,
	"cycle_days" integer DEFAULT 7 NOT NULL,
	"tcs_rate" numeric(5, 2) DEFAULT '0.5' NOT NULL,
	"tds_rate" numeric(5, 2) DEFAULT '0.1' NOT NULL,
	"tds_rate_without_pan" numeric(5, 2) DEFAULT '5' NOT NULL,
	"cod_fee_paise" bigint DEFAULT 0 NOT NULL,
	"cod_fee_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"payout_rail" "payout_rail" DEFAULT 'razorpayx' NOT NULL,
	"minimum_payout_paise" bigint DEFAULT 100 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cod_remittance_orders" ADD CONSTRAINT "cod_remittance_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittance_orders" ADD CONSTRAINT "cod_remittance_orders_remittance_id_cod_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."cod_remittances"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD CONSTRAINT "cod_remittances_distributor_id_users_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD CONSTRAINT "cod_remittances_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_return_request_id_return_requests_id_fk" FOREIGN KEY ("return_request_id") REFERENCES "public"."return_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_tax_document_id_tax_documents_id_fk" FOREIGN KEY ("tax_document_id") REFERENCES "public"."tax_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cod_remittance_orders_remittance_idx" ON "cod_remittance_orders" USING btree ("remittance_id");--> statement-breakpoint
CREATE INDEX "cod_remittances_distributor_idx" ON "cod_remittances" USING btree ("distributor_id","received_on");--> statement-breakpoint
CREATE INDEX "ledger_entries_seller_at_idx" ON "ledger_entries" USING btree ("seller_id","at");--> statement-breakpoint
CREATE INDEX "ledger_entries_shipment_idx" ON "ledger_entries" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_payout_idx" ON "ledger_entries" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_reversal_idx" ON "ledger_entries" USING btree ("reversal_of");--> statement-breakpoint
CREATE INDEX "payout_batches_created_idx" ON "payout_batches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payout_items_payout_idx" ON "payout_items" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "payouts_seller_idx" ON "payouts" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_state_idx" ON "payouts" USING btree ("state");--> statement-breakpoint
INSERT INTO "settlement_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are never updated or deleted; write a correcting entry instead'
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();
--> statement-breakpoint
-- Opening balances: what the seller payment records of delivered shipments still owed when the ledger
-- began becomes one adjustment per line (docs/decisions/0120-seller-ledger.md), covering the units not
-- returned yet, so a later return takes back its share of what is left.
INSERT INTO "ledger_entries" ("seller_id", "kind", "amount", "cause", "order_id", "shipment_id", "order_item_id", "qty", "note", "at")
SELECT sp.seller_id, 'adjustment', round((sp.item_total_price - sp.reversed_amount) * 100)::bigint,
       'opening:' || sp.order_item_id, sp.order_id, s.id, sp.order_item_id,
       oi.qty - coalesce((SELECT sum(rr.qty) FROM "return_requests" rr
                           WHERE rr.order_item_id = oi.id AND rr.state IN ('received', 'refunded')), 0),
       'Opening balance: payout recorded before the ledger', s.delivered_at
  FROM "seller_payments" sp
  JOIN "order_items" oi ON oi.id = sp.order_item_id
  JOIN "orders" o ON o.id = sp.order_id AND o.status = 'placed'
  JOIN "shipments" s ON s.order_id = sp.order_id AND s.seller_id = sp.seller_id AND s.kind = 'order'
 WHERE sp.payment_status = 'Pending' AND s.state = 'delivered'
   AND sp.item_total_price > sp.reversed_amount
   AND oi.qty > coalesce((SELECT sum(rr.qty) FROM "return_requests" rr
                           WHERE rr.order_item_id = oi.id AND rr.state IN ('received', 'refunded')), 0);
