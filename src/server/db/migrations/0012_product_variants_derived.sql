-- Variants (docs/decisions/0102-product-variants.md). The products row keeps SPEC's `count_in_stock` and
-- `sizes`, and the columns filters and sorts read, as values derived from its variants and its discount.
-- Only `product_derived_refresh` writes them; triggers call it whenever a variant, the product's price or
-- its discount changes, in the same transaction.

-- The public (coupon-free) discount's price, or the list price when it does not apply: the same arithmetic
-- as #shared/discounts.ts (percentage half-up to paise; a result of 0 or below, or not lower, does not apply).
CREATE FUNCTION product_sale_price(list numeric, d product_discounts, at timestamptz) RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN d.id IS NULL OR NOT d.activate OR d.valid_until <= at OR coalesce(btrim(d.coupon_code), '') <> '' THEN list
    ELSE (
      SELECT CASE WHEN after > 0 AND after < list THEN after ELSE list END
      FROM (SELECT CASE d.discount_unit
                     WHEN 'percentage' THEN round(list * (100 - d.discount_value) / 100, 2)
                     ELSE list - d.discount_value
                   END AS after) a
    )
  END
$$;
--> statement-breakpoint
CREATE FUNCTION product_derived_refresh(pid uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products p SET
    count_in_stock = coalesce(v.stock, 0),
    sizes = coalesce(v.sizes, '{}'),
    colours = coalesce(v.colours, '{}'),
    available_sizes = coalesce(v.available_sizes, '{}'),
    available_colours = coalesce(v.available_colours, '{}'),
    list_price = coalesce(v.min_price, p.price)
  FROM (
    SELECT
      sum(x.count_in_stock)::int AS stock,
      min(coalesce(x.price, (SELECT price FROM products WHERE id = pid))) AS min_price,
      (SELECT array_agg(s.size ORDER BY s.pos) FROM (
         SELECT size, min(position) AS pos FROM product_variants WHERE product_id = pid GROUP BY size) s) AS sizes,
      (SELECT array_agg(s.size ORDER BY s.pos) FROM (
         SELECT size, min(position) AS pos FROM product_variants
          WHERE product_id = pid AND count_in_stock > 0 GROUP BY size) s) AS available_sizes,
      (SELECT array_agg(c.colour ORDER BY c.pos) FROM (
         SELECT colour, min(position) AS pos FROM product_variants
          WHERE product_id = pid AND colour IS NOT NULL GROUP BY colour) c) AS colours,
      (SELECT array_agg(c.colour ORDER BY c.pos) FROM (
         SELECT colour, min(position) AS pos FROM product_variants
          WHERE product_id = pid AND colour IS NOT NULL AND count_in_stock > 0 GROUP BY colour) c) AS available_colours
    FROM product_variants x WHERE x.product_id = pid
  ) v
  WHERE p.id = pid;

  UPDATE products p SET
    sale_price = s.sale,
    discount_percent = CASE WHEN p.list_price > 0 THEN floor((p.list_price - s.sale) * 100 / p.list_price)::smallint ELSE 0 END
  FROM (
    SELECT product_sale_price(pp.list_price, d, now()) AS sale
    FROM products pp LEFT JOIN product_discounts d ON d.product_id = pp.id
    WHERE pp.id = pid
  ) s
  WHERE p.id = pid AND (p.sale_price IS DISTINCT FROM s.sale OR p.discount_percent IS DISTINCT FROM
    CASE WHEN p.list_price > 0 THEN floor((p.list_price - s.sale) * 100 / p.list_price)::smallint ELSE 0 END);
END
$$;
--> statement-breakpoint
CREATE FUNCTION product_variants_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM product_derived_refresh(OLD.product_id); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.product_id <> OLD.product_id) THEN
    PERFORM product_derived_refresh(NEW.product_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION product_row_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_derived_refresh(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION product_discount_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM product_derived_refresh(OLD.product_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.product_id <> OLD.product_id) THEN
    PERFORM product_derived_refresh(NEW.product_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Existing products: one variant per listed size, the stock split evenly with the remainder going to the
-- first sizes (10 units over S, M, L → 4, 3, 3); no real size → one 'N/A' variant with all the stock.
INSERT INTO product_variants (product_id, size, sku, count_in_stock, position)
SELECT p.id, s.size,
       upper(substr(replace(p.id::text, '-', ''), 1, 8)) || '-' || replace(s.size, '/', ''),
       p.count_in_stock / s.n + CASE WHEN s.ord <= p.count_in_stock % s.n THEN 1 ELSE 0 END,
       (s.ord - 1)::smallint
FROM products p
CROSS JOIN LATERAL (
  SELECT r.size, r.ord, count(*) OVER () AS n
  FROM (
    SELECT btrim(x.size) AS size, row_number() OVER (ORDER BY min(x.ord)) AS ord
    FROM unnest(p.sizes) WITH ORDINALITY AS x(size, ord)
    WHERE btrim(x.size) <> '' AND upper(btrim(x.size)) <> 'N/A'
    GROUP BY btrim(x.size)
  ) r
  UNION ALL
  SELECT 'N/A', 1, 1
  WHERE NOT EXISTS (
    SELECT 1 FROM unnest(p.sizes) AS y(size) WHERE btrim(y.size) <> '' AND upper(btrim(y.size)) <> 'N/A')
) s;
--> statement-breakpoint
UPDATE order_items oi SET variant_id = v.id, sku = v.sku
FROM product_variants v
WHERE v.product_id = oi.product_id
  AND v.colour IS NULL
  AND (v.size = coalesce(nullif(btrim(oi.size), ''), 'N/A')
       OR (oi.size IS NOT NULL AND upper(v.size) = upper(btrim(oi.size))));
--> statement-breakpoint
SELECT product_derived_refresh(id) FROM products;
--> statement-breakpoint
CREATE TRIGGER product_variants_changed
  AFTER INSERT OR UPDATE OR DELETE ON product_variants
  FOR EACH ROW EXECUTE FUNCTION product_variants_changed();
--> statement-breakpoint
CREATE TRIGGER product_row_changed
  AFTER INSERT OR UPDATE OF price ON products
  FOR EACH ROW EXECUTE FUNCTION product_row_changed();
--> statement-breakpoint
CREATE TRIGGER product_discount_changed
  AFTER INSERT OR UPDATE OR DELETE ON product_discounts
  FOR EACH ROW EXECUTE FUNCTION product_discount_changed();
