-- Facet counts (docs/decisions/0103-filters-and-facets.md) read these columns of every product of a list;
-- holding them in one narrow index lets a category page count from the index alone (an index-only scan of
-- a few hundred bytes per product) instead of visiting the wide product rows (name, description, search
-- vectors) scattered over the whole table. count_in_stock is deliberately left out: "in stock" is read as
-- available_sizes <> '{}', so the orders that change stock without selling out a size keep their
-- updates HOT (no index entry rewritten).
CREATE INDEX IF NOT EXISTS products_facets_idx ON products (category_id)
  INCLUDE (brand, user_id, sale_price, rating, discount_percent, sizes, colours, available_sizes, available_colours)
  WHERE status;
