-- Placing an order changes only a variant's stock (docs/decisions/0129-server-hot-paths.md). When nothing
-- else of the variant changed and its stock stays on the same side of zero, the only derived value of its
-- product that moves is count_in_stock, by the same difference: sizes, colours, the available lists (which
-- variants have stock, not how much) and the prices stay as they are. That case no longer recomputes
-- every derived column with product_derived_refresh (migration 0012) while the product's row is locked;
-- every other change still does.
CREATE OR REPLACE FUNCTION product_variants_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.product_id = OLD.product_id
     AND (NEW.count_in_stock > 0) = (OLD.count_in_stock > 0)
     AND (NEW.size, NEW.colour, NEW.price, NEW.position)
         IS NOT DISTINCT FROM (OLD.size, OLD.colour, OLD.price, OLD.position) THEN
    IF NEW.count_in_stock <> OLD.count_in_stock THEN
      UPDATE products SET count_in_stock = count_in_stock + (NEW.count_in_stock - OLD.count_in_stock)
       WHERE id = NEW.product_id;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM product_derived_refresh(OLD.product_id); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.product_id <> OLD.product_id) THEN
    PERFORM product_derived_refresh(NEW.product_id);
  END IF;
  RETURN NULL;
END
$$;
