-- Product search document (docs/product/catalog.md). A trigger keeps products.search_text (trigram matching of
-- partial words) and products.search_vector (stemmed full text, weighted) in step with the product's
-- name, brand, description and its category's names. Any write to the two columns is overwritten.
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
  NEW.search_vector :=
    setweight(to_tsvector('english'::regconfig, coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, concat_ws(' ', NEW.brand, category_names)), 'B') ||
    setweight(to_tsvector('english'::regconfig, coalesce(NEW.description, '')), 'D');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_refresh
  BEFORE INSERT OR UPDATE OF name, brand, description, category_id, search_text, search_vector ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_refresh();
--> statement-breakpoint
-- Renaming a category level refreshes the documents of its products (touching category_id fires the
-- trigger above without changing anything else, updated_at included).
CREATE OR REPLACE FUNCTION categories_refresh_product_search() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET category_id = category_id WHERE category_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_refresh_product_search
  AFTER UPDATE OF category, sub_category, level_three_category, level_four_category, level_five_category ON categories
  FOR EACH ROW
  WHEN ((OLD.category, OLD.sub_category, OLD.level_three_category, OLD.level_four_category, OLD.level_five_category)
        IS DISTINCT FROM
        (NEW.category, NEW.sub_category, NEW.level_three_category, NEW.level_four_category, NEW.level_five_category))
  EXECUTE FUNCTION categories_refresh_product_search();
--> statement-breakpoint
-- Existing rows get their documents now.
UPDATE products SET category_id = category_id;
