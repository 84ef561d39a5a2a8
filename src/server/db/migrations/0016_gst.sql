CREATE TYPE "public"."gst_slab_basis" AS ENUM('piece', 'piece_or_line');--> statement-breakpoint
CREATE TYPE "public"."invoice_moment" AS ENUM('shipped', 'placed');--> statement-breakpoint
CREATE TYPE "public"."tax_document_kind" AS ENUM('invoice', 'credit_note', 'commission_invoice');--> statement-breakpoint
CREATE TABLE "gst_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hsn_prefix" text,
	"category_id" uuid,
	"from_paise" bigint DEFAULT 0 NOT NULL,
	"to_paise" bigint,
	"basis" "gst_slab_basis" DEFAULT 'piece' NOT NULL,
	"rate" numeric(5, 2) NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gst_rates_one_key" CHECK (("gst_rates"."hsn_prefix" is null) <> ("gst_rates"."category_id" is null)),
	CONSTRAINT "gst_rates_rate_range" CHECK ("gst_rates"."rate" >= 0 and "gst_rates"."rate" <= 100),
	CONSTRAINT "gst_rates_slab" CHECK ("gst_rates"."to_paise" is null or "gst_rates"."to_paise" >= "gst_rates"."from_paise"),
	CONSTRAINT "gst_rates_dates" CHECK ("gst_rates"."effective_to" is null or "gst_rates"."effective_to" >= "gst_rates"."effective_from")
);
--> statement-breakpoint
CREATE TABLE "gst_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"invoice_on" "invoice_moment" DEFAULT 'shipped' NOT NULL,
	"operator_legal_name" text DEFAULT 'Haat Marketplace Private Limited' NOT NULL,
	"operator_gstin" text DEFAULT '29AAGCB7383J1Z4' NOT NULL,
	"operator_address" text DEFAULT '12 Residency Road, Bengaluru 560025' NOT NULL,
	"operator_state_code" text DEFAULT '29' NOT NULL,
	"commission_gst_rate" numeric(5, 2) DEFAULT '18' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_document_series" (
	"scope" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "tax_document_kind" NOT NULL,
	"seller_id" uuid NOT NULL,
	"order_id" uuid,
	"shipment_id" uuid,
	"return_request_id" uuid,
	"invoice_id" uuid,
	"cause" text NOT NULL,
	"financial_year" text NOT NULL,
	"serial" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"place_of_supply" text,
	"recipient_gstin" text,
	"taxable_value" numeric(14, 2) NOT NULL,
	"cgst" numeric(14, 2) NOT NULL,
	"sgst" numeric(14, 2) NOT NULL,
	"igst" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_cause_unique" UNIQUE("cause")
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "supplier_state_code" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "cgst" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sgst" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "igst" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_gstin" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_business_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "place_of_supply" text;--> statement-breakpoint
ALTER TABLE "gst_rates" ADD CONSTRAINT "gst_rates_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gst_rates" ADD CONSTRAINT "gst_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_return_request_id_return_requests_id_fk" FOREIGN KEY ("return_request_id") REFERENCES "public"."return_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gst_rates_hsn_idx" ON "gst_rates" USING btree ("hsn_prefix");--> statement-breakpoint
CREATE INDEX "gst_rates_category_idx" ON "gst_rates" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "tax_documents_seller_issued_idx" ON "tax_documents" USING btree ("seller_id","issued_at");--> statement-breakpoint
CREATE INDEX "tax_documents_order_idx" ON "tax_documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tax_documents_invoice_idx" ON "tax_documents" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_seller_serial_key" ON "tax_documents" USING btree ("seller_id","kind","financial_year","serial") WHERE "tax_documents"."kind" <> 'commission_invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_operator_serial_key" ON "tax_documents" USING btree ("financial_year","serial") WHERE "tax_documents"."kind" = 'commission_invoice';--> statement-breakpoint
-- Shipped GST data (docs/decisions/0116-gst-rates-as-dated-data.md): SPEC's apparel rule until 21 Sep 2025,
-- the rule in force from 22 Sep 2025 for apparel and made-ups (61, 62, 63) and footwear (64). Every other
-- line takes its category's rate.
INSERT INTO "gst_rates" ("hsn_prefix", "from_paise", "to_paise", "basis", "rate", "effective_from", "effective_to", "note") VALUES
  ('61', 0, 100000, 'piece_or_line', '5', '2017-07-01', '2025-09-21', 'Apparel up to Rs. 1,000 per piece and per line'),
  ('61', 100001, NULL, 'piece_or_line', '12', '2017-07-01', '2025-09-21', 'Apparel above Rs. 1,000 per piece or per line'),
  ('62', 0, 100000, 'piece_or_line', '5', '2017-07-01', '2025-09-21', 'Apparel up to Rs. 1,000 per piece and per line'),
  ('62', 100001, NULL, 'piece_or_line', '12', '2017-07-01', '2025-09-21', 'Apparel above Rs. 1,000 per piece or per line'),
  ('63', 0, 100000, 'piece_or_line', '5', '2017-07-01', '2025-09-21', 'Made-ups up to Rs. 1,000 per piece and per line'),
  ('63', 100001, NULL, 'piece_or_line', '12', '2017-07-01', '2025-09-21', 'Made-ups above Rs. 1,000 per piece or per line'),
  ('6403', 0, 100000, 'piece_or_line', '5', '2017-07-01', '2025-09-21', 'Leather-upper footwear up to Rs. 1,000 per pair and per line'),
  ('6403', 100001, NULL, 'piece_or_line', '12', '2017-07-01', '2025-09-21', 'Leather-upper footwear above Rs. 1,000 per pair or per line'),
  ('61', 0, 250000, 'piece', '5', '2025-09-22', NULL, 'Apparel up to Rs. 2,500 per piece'),
  ('61', 250001, NULL, 'piece', '18', '2025-09-22', NULL, 'Apparel above Rs. 2,500 per piece'),
  ('62', 0, 250000, 'piece', '5', '2025-09-22', NULL, 'Apparel up to Rs. 2,500 per piece'),
  ('62', 250001, NULL, 'piece', '18', '2025-09-22', NULL, 'Apparel above Rs. 2,500 per piece'),
  ('63', 0, 250000, 'piece', '5', '2025-09-22', NULL, 'Made-ups up to Rs. 2,500 per piece'),
  ('63', 250001, NULL, 'piece', '18', '2025-09-22', NULL, 'Made-ups above Rs. 2,500 per piece'),
  ('64', 0, 250000, 'piece', '5', '2025-09-22', NULL, 'Footwear up to Rs. 2,500 per pair'),
  ('64', 250001, NULL, 'piece', '18', '2025-09-22', NULL, 'Footwear above Rs. 2,500 per pair');
--> statement-breakpoint
INSERT INTO "gst_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Existing orders keep the tax they were placed with; it is only split into its components. The place of
-- supply is the delivery state (Indian addresses), the supplier's state the seller's GSTIN or address.
CREATE TEMPORARY TABLE "gst_state_names" ("code" text, "key" text);
--> statement-breakpoint
INSERT INTO "gst_state_names" ("code", "key")
SELECT v.code, lower(regexp_replace(replace(v.name, '&', 'and'), '[^A-Za-z]', '', 'g'))
FROM (VALUES
    ('10', 'Bihar'),
    ('11', 'Sikkim'),
    ('12', 'Arunachal Pradesh'),
    ('13', 'Nagaland'),
    ('14', 'Manipur'),
    ('15', 'Mizoram'),
    ('16', 'Tripura'),
    ('17', 'Meghalaya'),
    ('18', 'Assam'),
    ('19', 'West Bengal'),
    ('20', 'Jharkhand'),
    ('21', 'Odisha'),
    ('22', 'Chhattisgarh'),
    ('23', 'Madhya Pradesh'),
    ('24', 'Gujarat'),
    ('26', 'Dadra and Nagar Haveli and Daman and Diu'),
    ('27', 'Maharashtra'),
    ('29', 'Karnataka'),
    ('30', 'Goa'),
    ('31', 'Lakshadweep'),
    ('32', 'Kerala'),
    ('33', 'Tamil Nadu'),
    ('34', 'Puducherry'),
    ('35', 'Andaman and Nicobar Islands'),
    ('36', 'Telangana'),
    ('37', 'Andhra Pradesh'),
    ('38', 'Ladakh'),
    ('01', 'Jammu and Kashmir'),
    ('02', 'Himachal Pradesh'),
    ('03', 'Punjab'),
    ('04', 'Chandigarh'),
    ('05', 'Uttarakhand'),
    ('06', 'Haryana'),
    ('07', 'Delhi'),
    ('08', 'Rajasthan'),
    ('09', 'Uttar Pradesh')
) AS v(code, name);
--> statement-breakpoint
UPDATE "orders" o SET "place_of_supply" = s.code
FROM "gst_state_names" s
WHERE lower(coalesce(o.shipping_address->>'country', 'India')) = 'india'
  AND s.key = lower(regexp_replace(replace(coalesce(o.shipping_address->>'state', ''), '&', 'and'), '[^A-Za-z]', '', 'g'));
--> statement-breakpoint
UPDATE "order_items" i SET "supplier_state_code" = coalesce(
    CASE WHEN u.business_registration_code ~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$'
         THEN substr(u.business_registration_code, 1, 2) END,
    (SELECT s.code FROM "gst_state_names" s
      WHERE lower(u.country) = 'india'
        AND s.key = lower(regexp_replace(replace(u.state, '&', 'and'), '[^A-Za-z]', '', 'g'))))
FROM "users" u WHERE u.id = i.seller_id;
--> statement-breakpoint
UPDATE "order_items" i SET
  "cgst" = CASE WHEN o.place_of_supply IS NOT NULL AND o.place_of_supply = i.supplier_state_code THEN round(i.tax_amount / 2, 2) ELSE 0 END,
  "sgst" = CASE WHEN o.place_of_supply IS NOT NULL AND o.place_of_supply = i.supplier_state_code THEN i.tax_amount - round(i.tax_amount / 2, 2) ELSE 0 END,
  "igst" = CASE WHEN o.place_of_supply IS NOT NULL AND o.place_of_supply = i.supplier_state_code THEN 0 ELSE i.tax_amount END
FROM "orders" o WHERE o.id = i.order_id;
--> statement-breakpoint
DROP TABLE "gst_state_names";
