-- The search trigger of 0004 now also keeps products.title_vector (name A, brand and category names B);
-- search_vector is that plus the description (D). See the products table's comment in schema/catalog.ts.
CREATE OR REPLACE FUNCTION products_search_refresh() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  category_names text;
BEGIN
  SELECT concat_ws(' ', c.category, c.sub_category, c.level_three_category, c.level_four_category, c.level_five_category)
    INTO category_names
    FROM categories c
   WHERE c.id = NEW.category_id;
  NEW.search_text := lower(concat_ws(' ', NEW.name, NEW.brand, category_names));
  NEW.title_vector :=
    setweight(to_tsvector('english'::regconfig, coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, concat_ws(' ', NEW.brand, category_names)), 'B');
  NEW.search_vector :=
    NEW.title_vector ||
    setweight(to_tsvector('english'::regconfig, coalesce(NEW.description, '')), 'D');
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER products_search_refresh ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_refresh
  BEFORE INSERT OR UPDATE OF name, brand, description, category_id, search_text, title_vector, search_vector ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_refresh();
--> statement-breakpoint
UPDATE products SET category_id = category_id;
