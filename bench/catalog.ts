/**
 * The bench's generated catalog (bench/README.md): everything in SQL (INSERT … SELECT over
 * generate_series), every value a function of the row number, so runs are repeatable.
 *
 * Products have variants (clothes S–XXL, shoes 6–10, the rest one size N/A; most have a colour, one
 * clothing product in five two), stock skewed per variant (a quarter of variants and one product in
 * seventeen sold out), 40 brands of which 5 carry half the catalogue, 200 sellers with shops, ratings
 * (none for products without reviews) and public discounts of 10–70 % on one product in ten (one in 500
 * needs a coupon). One in 20 products is inactive (in every category alike).
 *
 * Derived columns: migration 0012's triggers would recompute a product for each of its variants (five
 * million updates at a million products), so the load turns them off, writes the derived columns itself
 * with the same rules (product_derived_refresh), and turns them back on; `checkDerived` compares a sample
 * with what product_derived_refresh computes.
 */
import pg from 'pg';

/** Categories the generator uses: path, HSN, GST rate, the nouns its products are named with, sizes. */
export const CATEGORIES: {
  path: [string, string, string];
  hsn: string;
  tax: number;
  nouns: string[];
  kind: 'clothes' | 'shoes' | 'one';
}[] = [
  {
    path: ['Men', 'Topwear', 'T-Shirts'],
    hsn: '6109',
    tax: 5,
    nouns: ['T-Shirt', 'Polo T-Shirt', 'Henley T-Shirt'],
    kind: 'clothes',
  },
  {
    path: ['Men', 'Topwear', 'Shirts'],
    hsn: '6205',
    tax: 5,
    nouns: ['Shirt', 'Oxford Shirt', 'Linen Shirt'],
    kind: 'clothes',
  },
  {
    path: ['Men', 'Ethnic Wear', 'Kurtas'],
    hsn: '6211',
    tax: 5,
    nouns: ['Kurta', 'Kurta Pyjama Set', 'Nehru Jacket'],
    kind: 'clothes',
  },
  {
    path: ['Women', 'Ethnic Wear', 'Kurtas & Suits'],
    hsn: '6204',
    tax: 5,
    nouns: ['Kurta', 'Anarkali Kurta', 'Salwar Suit'],
    kind: 'clothes',
  },
  {
    path: ['Women', 'Ethnic Wear', 'Sarees'],
    hsn: '5208',
    tax: 5,
    nouns: ['Saree', 'Silk Saree', 'Cotton Saree'],
    kind: 'one',
  },
  {
    path: ['Women', 'Western Wear', 'Tops'],
    hsn: '6106',
    tax: 5,
    nouns: ['Top', 'Shirt Dress', 'Crop T-Shirt'],
    kind: 'clothes',
  },
  {
    path: ['Men', 'Bottomwear', 'Jeans'],
    hsn: '6203',
    tax: 5,
    nouns: ['Jeans', 'Slim Jeans', 'Chinos'],
    kind: 'clothes',
  },
  {
    path: ['Footwear', 'Men', 'Casual Shoes'],
    hsn: '6403',
    tax: 12,
    nouns: ['Sneakers', 'Loafers', 'Mojari'],
    kind: 'shoes',
  },
  {
    path: ['Electronics', 'Audio', 'Headphones'],
    hsn: '8518',
    tax: 18,
    nouns: ['Headphones', 'Earbuds', 'Speaker'],
    kind: 'one',
  },
  {
    path: ['Books', 'Fiction', 'Novels'],
    hsn: '4901',
    tax: 0,
    nouns: ['Novel', 'Short Stories', 'Poetry Collection'],
    kind: 'one',
  },
];
const ADJECTIVES = [
  'Classic',
  'Printed',
  'Handloom',
  'Slim Fit',
  'Relaxed',
  'Embroidered',
  'Block Print',
  'Striped',
  'Solid',
  'Festive',
  'Everyday',
  'Premium',
];
export const COLOURS = [
  'Indigo',
  'Maroon',
  'Mustard',
  'Olive',
  'White',
  'Black',
  'Teal',
  'Rust',
  'Peach',
  'Navy',
  'Grey',
  'Pink',
];
const FABRICS = ['cotton', 'linen', 'khadi', 'silk', 'rayon', 'denim', 'chanderi', 'modal'];
/** 40 brands; the first five carry half the catalogue. */
export const BRANDS = [
  'Kavya Textiles',
  'Meera Handlooms',
  'Jaipur Looms',
  'Bunkar',
  'Desi Thread',
  'Chhapa',
  'Nilgiri Mills',
  'Rangrez',
  'Urban Haat',
  'Kora',
  'Sutradhar',
  'Indigo Roots',
  'Khadi Kala',
  'Banaras Weaves',
  'Lucknow Chikan',
  'Kutch Crafts',
  'Pashmina House',
  'Ikat Studio',
  'Bagru Prints',
  'Ajrakh Co',
  'Phulkari',
  'Kalamkari Works',
  'Madras Check',
  'Sambalpuri',
  'Chanderi Loom',
  'Maheshwari',
  'Patola Hub',
  'Bandhej',
  'Mysore Silk',
  'Kanjeevaram',
  'Dhaka Muslin',
  'Assam Muga',
  'Tussar Trail',
  'Jamdani',
  'Kasuti',
  'Toda Threads',
  'Naga Weaves',
  'Paithani',
  'Leheriya',
  'Gamcha Co',
];
export const SELLERS = 200;
/** How many made-up collection names product names start with (bench_collection). */
export const COLLECTIONS = 4000;
const SENTENCES = [
  'Soft on the skin and easy to wash.',
  'Made in small batches by weavers we know by name.',
  'Pairs well with jeans or a dhoti.',
  'Colours are fast; wash cold the first time.',
  'A regular fit that keeps its shape.',
  'Breathable for Indian summers.',
];

const pgArray = (values: string[]) =>
  `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]::text[]`;

/**
 * Helper functions in the throw-away bench database: a product's sizes, colours and each variant's stock
 * from its row number, so the products row and its variants agree without reading each other.
 */
function helperFunctions(): string[] {
  const clothes = CATEGORIES.flatMap((c, k) => (c.kind === 'clothes' ? [k] : []));
  const shoes = CATEGORIES.flatMap((c, k) => (c.kind === 'shoes' ? [k] : []));
  return [
    `create function bench_sizes(i int) returns text[] language sql immutable as $$
       select case
         when i % ${CATEGORIES.length} = any(array[${clothes.join(',')}]) then
           (array['S','M','L','XL','XXL'])[1 + i % 2 : 1 + i % 2 + 2 + (i * 7) % 3]
         when i % ${CATEGORIES.length} = any(array[${shoes.join(',')}]) then
           (array['6','7','8','9','10'])[1 + i % 2 : 1 + i % 2 + 2 + (i * 7) % 3]
         else array['N/A'] end $$`,
    `create function bench_colours(i int) returns text[] language sql immutable as $$
       select case
         when i % ${CATEGORIES.length} = ${CATEGORIES.length - 1} then '{}'::text[]
         when i % ${CATEGORIES.length} = any(array[${clothes.join(',')}]) and (i / ${CATEGORIES.length}) % 5 = 0 then
           array[(${pgArray(COLOURS)})[1 + (i * 11) % ${COLOURS.length}], (${pgArray(COLOURS)})[1 + (i * 11 + 5) % ${COLOURS.length}]]
         else array[(${pgArray(COLOURS)})[1 + (i * 11) % ${COLOURS.length}]] end $$`,
    // A quarter of variants sold out, most with a few units, some with many; one product in 17 has none.
    `create function bench_stock(i int, j int, c int) returns int language sql immutable as $$
       select case
         when i % 17 = 0 then 0
         when (i * 31 + j * 17 + c * 13) % 100 < 25 then 0
         when (i * 31 + j * 17 + c * 13) % 100 < 75 then 1 + (i + j) % 5
         else 5 + (i * j + c) % 60 end $$`,
    // A collection name that starts the product name ("Varika Printed Indigo Kurta"): ${COLLECTIONS}
    // made-up words of three syllables, so searches see a vocabulary of thousands of words, most matching
    // a few products each (bench/vocabulary.ts draws keywords from it).
    `create function bench_collection(i int) returns text language sql immutable as $$
       select initcap(s[1 + w % 24] || s[1 + (w / 24) % 24] || s[1 + (w / 576) % 24])
       from (select ((i::bigint * 7919) % ${COLLECTIONS})::int as w,
                    array['ka','ra','li','ma','sha','vi','na','ta','ru','de','pa','ni',
                          'so','ya','ha','mi','lo','ve','ja','ku','ri','sa','bo','ne'] as s) x $$`,
    // The public discount percent of product i (null: none), and whether it needs a coupon.
    `create function bench_discount(i int) returns int language sql immutable as $$
       select case when (i / ${CATEGORIES.length}) % 10 = 3 then 10 + (i * 7) % 61 end $$`,
    `create function bench_coupon(i int) returns boolean language sql immutable as $$
       select (i / ${CATEGORIES.length}) % 500 = 3 $$`,
  ];
}

const DERIVED_TRIGGERS = [
  ['products', 'product_row_changed'],
  ['product_variants', 'product_variants_changed'],
  ['product_discounts', 'product_discount_changed'],
] as const;

export async function generateCatalog(url: string, n: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const step = async (label: string, text: string, values: unknown[] = []) => {
    const t = performance.now();
    await client.query(text, values);
    process.stdout.write(`[bench]   ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
  };
  try {
    await client.query('begin');
    for (const f of helperFunctions()) await client.query(f);
    for (const [table, trigger] of DERIVED_TRIGGERS)
      await client.query(`alter table ${table} disable trigger ${trigger}`);

    // The first seller keeps the name other bench rows look for.
    await step(
      'sellers',
      `insert into users (name, email, password_hash, active, address, state, city)
       select case when s = 1 then 'Bench Seller' else 'Bench Seller ' || s end,
              case when s = 1 then 'bench-seller@haat.test' else 'bench-seller-' || s || '@haat.test' end,
              'x', true, '1 Loom Street', 'Rajasthan', 'Jaipur'
       from generate_series(1, ${SELLERS}) s`,
    );
    await client.query(
      `insert into user_roles (user_id, role_id)
       select u.id, r.id from users u, roles r where u.email like 'bench-seller%' and r.name = 'Seller-Company'`,
    );
    await client.query(
      `insert into shops (user_id, shop_name)
       select id, 'Bench Looms' || coalesce(' ' || nullif(regexp_replace(email, '[^0-9]', '', 'g'), ''), '')
       from users where email like 'bench-seller%'`,
    );
    await client.query(
      `create temporary table bench_sellers on commit drop as
       select row_number() over (order by u.email) - 1 as k, u.id as user_id, s.id as shop_id
       from users u join shops s on s.user_id = u.id where u.email like 'bench-seller%'`,
    );

    await client.query(
      `create temporary table bench_categories (k int, id uuid, nouns text[], markup numeric) on commit drop`,
    );
    for (const [k, c] of CATEGORIES.entries()) {
      await client.query(
        `with cat as (
           insert into categories (category, sub_category, level_three_category, hsn, tax)
           values ($1, $2, $3, $4, $5) returning id)
         insert into bench_categories select $6, id, $7::text[], $8 from cat`,
        [c.path[0], c.path[1], c.path[2], c.hsn, c.tax, k, c.nouns, 5 + (k % 4) * 2.5],
      );
    }
    await client.query(
      `insert into category_markups (unique_category_name, percentage_markup)
       select distinct on (c.category) c.category, b.markup
       from categories c join bench_categories b on b.id = c.id
       on conflict do nothing`,
    );

    // Products with their derived columns (what product_derived_refresh would write). created_at is
    // "i minutes ago" from one clock reading, so later steps find a product's row number from it.
    await step(
      'products',
      `with w as (
         select ${pgArray(ADJECTIVES)} as adj, ${pgArray(COLOURS)} as colour, ${pgArray(FABRICS)} as fabric,
                ${pgArray(BRANDS)} as brand, ${pgArray(SENTENCES)} as sentence
       ), g as (
         select i, b.id as category_id, b.nouns, b.markup, w.*,
                brand[case when (i / 10) % 2 = 0 then 1 + (i / 20) % 5 else 1 + ((i / 20) * 7) % cardinality(brand) end] as b,
                (149 + (i * 37) % 4850)::numeric + 0.99 as price,
                bench_sizes(i) as sz, bench_colours(i) as col,
                bench_discount(i) as disc, bench_coupon(i) as coupon,
                (i * 7) % 40 as reviews, s.user_id, s.shop_id
         from generate_series(1, $1::int) as i
         join bench_categories b on b.k = i % ${CATEGORIES.length}
         join bench_sellers s on s.k = ((i / 10) * 37) % ${SELLERS}
         cross join w
       ), v as (
         select g.*,
                (select coalesce(sum(bench_stock(i, j::int, c::int)), 0)
                   from generate_subscripts(sz, 1) j,
                        generate_series(1, greatest(cardinality(col), 1)) c) as stock,
                array(select s from unnest(sz) with ordinality x(s, j)
                       where exists (select 1 from generate_series(1, greatest(cardinality(col), 1)) c
                                      where bench_stock(i, j::int, c) > 0) order by j) as asz,
                array(select cc from unnest(col) with ordinality y(cc, c)
                       where exists (select 1 from generate_subscripts(sz, 1) j
                                      where bench_stock(i, j, c::int) > 0) order by c) as acol,
                case when disc is null or coupon then price else round(price * (100 - disc) / 100, 2) end as sale
         from g
       )
       insert into products (user_id, shop_id, name, brand, price, count_in_stock, category_id, description,
                             rating, num_reviews, sizes, colours, available_sizes, available_colours,
                             list_price, sale_price, discount_percent, percentage_markup, status,
                             created_at, updated_at)
       select user_id, shop_id,
              bench_collection(i) || ' ' || adj[1 + (i * 7) % cardinality(adj)] || ' '
                || colour[1 + (i * 11) % cardinality(colour)] || ' '
                || nouns[1 + (i / ${CATEGORIES.length}) % cardinality(nouns)],
              b, price, stock, category_id,
              'A ' || lower(adj[1 + (i * 7) % cardinality(adj)]) || ' '
                || lower(nouns[1 + (i / ${CATEGORIES.length}) % cardinality(nouns)]) || ' in '
                || fabric[1 + (i * 5) % cardinality(fabric)] || ' by ' || b
                || '. ' || sentence[1 + (i * 3) % cardinality(sentence)] || ' '
                || sentence[1 + (i * 5 + 1) % cardinality(sentence)],
              case when reviews = 0 then 0 else round(((i * 29) % 400)::numeric / 100 + 1, 2) end,
              reviews, sz, col, asz, acol,
              price, sale, floor((price - sale) * 100 / price)::smallint,
              markup,
              (i / ${CATEGORIES.length}) % 20 <> 7,
              $2::timestamptz - make_interval(mins => i),
              $2::timestamptz - make_interval(mins => i)
       from v`,
      [n, new Date().toISOString()],
    );
    const clock = await client.query<{ t: string }>(
      `select max(created_at) + interval '1 minute' as t from products`,
    );
    const t0 = clock.rows[0]!.t;
    const rowNumber = `(extract(epoch from ($1::timestamptz - p.created_at)) / 60)::int`;
    await step(
      'variants',
      `insert into product_variants (product_id, size, colour, sku, count_in_stock, position)
       select p.id, s.size, c.colour,
              'B' || ${rowNumber} || '-' || replace(s.size, '/', '') || coalesce('-' || upper(c.colour), ''),
              bench_stock(${rowNumber}, s.j::int, c.k::int), ((s.j - 1) * 2 + c.k - 1)::smallint
       from products p
       cross join lateral unnest(p.sizes) with ordinality s(size, j)
       cross join lateral (select colour, k from unnest(p.colours) with ordinality x(colour, k)
                           union all select null, 1 where cardinality(p.colours) = 0) c`,
      [t0],
    );
    await step(
      'images',
      `insert into product_images (product_id, position, url)
       select id, 0, '/uploads/products/bench/' || id || '-original.webp' from products`,
    );
    await step(
      'discounts',
      `insert into product_discounts (product_id, discount_value, discount_unit, valid_until, coupon_code)
       select p.id, bench_discount(${rowNumber}), 'percentage', now() + interval '30 days',
              case when bench_coupon(${rowNumber}) then 'WELCOME10' end
       from products p where bench_discount(${rowNumber}) is not null`,
      [t0],
    );
    for (const [table, trigger] of DERIVED_TRIGGERS)
      await client.query(`alter table ${table} enable trigger ${trigger}`);
    await client.query('commit');
    await step('vacuum analyze', 'vacuum analyze');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

/**
 * The derived columns the load wrote must be what product_derived_refresh computes: recompute a sample
 * inside a transaction that is rolled back, and count the differences.
 */
export async function checkDerived(url: string, sample = 2000): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `create temporary table sample_before on commit drop as
       select id, count_in_stock, sizes, colours, available_sizes, available_colours, list_price, sale_price,
              discount_percent
       from products tablesample bernoulli (50) repeatable (7) limit ${sample}`,
    );
    await client.query(`select product_derived_refresh(id) from sample_before`);
    // Colours are compared as sets: the refresh orders two colours of equal first position either way.
    await client.query(
      `create function pg_temp.sorted(a text[]) returns text[] language sql as $$ select array(select unnest(a) order by 1) $$`,
    );
    const diff = await client.query<{ n: number }>(
      `select count(*)::int as n from sample_before b join products p using (id)
       where (b.count_in_stock, b.sizes, pg_temp.sorted(b.colours), b.available_sizes, pg_temp.sorted(b.available_colours),
              b.list_price, b.sale_price, b.discount_percent)
             is distinct from
             (p.count_in_stock, p.sizes, pg_temp.sorted(p.colours), p.available_sizes, pg_temp.sorted(p.available_colours),
              p.list_price, p.sale_price, p.discount_percent)`,
    );
    return diff.rows[0]?.n ?? -1;
  } finally {
    await client.query('rollback').catch(() => {});
    await client.end();
  }
}
