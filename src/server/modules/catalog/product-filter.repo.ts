import { sql, type SQL } from 'drizzle-orm';
import type { Group, RawFacets } from '#shared/facets.ts';
import type { ProductFilters, ProductSort } from '#shared/schemas/product.ts';
import type { SearchTerms } from '#shared/search.ts';
import type { Queryable } from '../../db/client.ts';
import { MAX_LISTED, pageWindow, type IdPage } from './product.repo.ts';

/**
 * Filtered, sorted storefront lists with exact facet counts (docs/decisions/0103-filters-and-facets.md).
 * Plain SQL over `products p`, reading only the derived columns migration 0012 keeps (sale_price,
 * discount_percent, sizes, colours, available_*) and the indexes of migration 0013.
 *
 * Two statements, run side by side:
 * - `facetGroups`: one scan of the list's scope (active products of the keyword, categories or shop),
 *   each row emitting a (facet, value) pair for every facet whose OTHER filters it passes; one GROUP BY
 *   gives the total and every facet's counts at once.
 * - `filteredIds`: the ids of one page under all filters, in the chosen order, id last so pages never
 *   overlap.
 */

/** What the route fixes: the keyword, the categories or the shop's seller. Always active products only. */
export type Scope = {
  terms?: SearchTerms | null;
  categoryIds?: readonly string[];
  sellerId?: string;
};

/** The filter names, one predicate each; facets leave out their own. */
type FilterName = 'brand' | 'size' | 'colour' | 'seller' | 'price' | 'rating' | 'discount' | 'inStock';
type Predicates = Partial<Record<FilterName, SQL>>;

const tsQuery = (terms: SearchTerms) => sql`to_tsquery('english'::regconfig, ${terms.tsquery})`;

/** The same match as today's search (product.repo.ts searchIds): full text, or every partial word. */
function keywordMatch(terms: SearchTerms): SQL {
  const fullText = sql`p.search_vector @@ ${tsQuery(terms)}`;
  if (terms.partials.length === 0) return fullText;
  const partial = sql.join(
    terms.partials.map((w) => sql`p.search_text like ${`%${w}%`}`),
    sql` and `,
  );
  return sql`(${fullText} or (${partial}))`;
}

/**
 * `keywordFirst`: with a keyword, write "active" as `status is true` (the same for a NOT NULL column), which
 * no partial index `where status` answers, so the planner reads the keyword's GIN indexes (a BitmapOr)
 * rather than a bitmap of every active product filtered row by row: for a broad keyword whose first matches
 * are all the facet pass reads, about 4 times less work (ADR 0138).
 */
function scopeWhere(scope: Scope, keywordFirst = false): SQL {
  const parts: SQL[] = [keywordFirst && scope.terms ? sql`p.status is true` : sql`p.status`];
  if (scope.terms) parts.push(keywordMatch(scope.terms));
  if (scope.categoryIds) parts.push(sql`p.category_id = any(${sql.param([...scope.categoryIds])}::uuid[])`);
  if (scope.sellerId) parts.push(sql`p.user_id = ${scope.sellerId}::uuid`);
  return sql.join(parts, sql` and `);
}

/**
 * "In stock": some variant has stock. Written as "some size is available", which is the same thing
 * (available_sizes holds the sizes of variants with stock; every variant has a size) but is kept in the
 * facet index, while count_in_stock, which every order changes, is kept in no index.
 */
const inStockSql = sql`p.available_sizes <> '{}'::text[]`;

/**
 * One SQL predicate per filter in force. `available` picks which arrays size and colour match: the
 * in-stock ones when "in stock only" is on (a size counts only while some of it is left).
 */
function predicates(f: ProductFilters, sellerIds: readonly string[], available: boolean): Predicates {
  const p: Predicates = {};
  const sizes = available ? sql`p.available_sizes` : sql`p.sizes`;
  const colours = available ? sql`p.available_colours` : sql`p.colours`;
  if (f.brand.length > 0)
    p.brand = sql`lower(p.brand) = any(${sql.param(f.brand.map((b) => b.trim().toLowerCase()))}::text[])`;
  if (f.size.length > 0) p.size = sql`${sizes} && ${sql.param(f.size)}::text[]`;
  if (f.colour.length > 0) p.colour = sql`${colours} && ${sql.param(f.colour)}::text[]`;
  if (f.seller.length > 0)
    p.seller = sellerIds.length > 0 ? sql`p.user_id = any(${sql.param(sellerIds)}::uuid[])` : sql`false`;
  if (f.minPrice !== undefined || f.maxPrice !== undefined) {
    const bounds: SQL[] = [];
    if (f.minPrice !== undefined) bounds.push(sql`p.sale_price >= ${String(f.minPrice)}::numeric`);
    if (f.maxPrice !== undefined) bounds.push(sql`p.sale_price <= ${String(f.maxPrice)}::numeric`);
    p.price = sql.join(bounds, sql` and `);
  }
  if (f.rating !== undefined) p.rating = sql`p.rating >= ${f.rating}`;
  if (f.discount !== undefined) p.discount = sql`p.discount_percent >= ${f.discount}`;
  if (f.inStock) p.inStock = inStockSql;
  return p;
}

const allOf = (parts: (SQL | undefined)[]): SQL => {
  const present = parts.filter((s): s is SQL => s !== undefined);
  return present.length === 0 ? sql`true` : sql.join(present, sql` and `);
};
const allBut = (p: Predicates, except?: FilterName): SQL =>
  allOf((Object.keys(p) as FilterName[]).filter((k) => k !== except).map((k) => p[k]));

/**
 * The planner prices `@@` and LIKE as nearly free and likes walking the whole table for them; with a
 * keyword, read the GIN indexes instead (as searchIds does). SET LOCAL: this transaction only.
 */
async function preferIndexes(tx: Queryable, scope: Scope) {
  if (scope.terms)
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
    );
}

/**
 * A product failing two filters or more counts nowhere (each facet drops one filter, the total none), so
 * with two filters or more the pass reads only products passing all but one: an OR of ANDs the planner
 * can answer from the filters' indexes (BitmapOr of BitmapAnds) instead of reading the whole scope.
 */
function someFacetCounts(p: Predicates): SQL {
  const names = Object.keys(p) as FilterName[];
  if (names.length < 2) return sql`true`;
  return sql`(${sql.join(
    names.map((n) => sql`(${allBut(p, n)})`),
    sql` or `,
  )})`;
}

export type FacetGroups = Omit<RawFacets, 'sellers'> & {
  /** Products matching every filter: exact, or `limit` when `totalIsLowerBound`. */
  total: number;
  /** More than `limit` products match: `total` says "at least". */
  totalIsLowerBound: boolean;
  /** The facet pass stopped after `limit` rows: counts, values and price range come from those only. */
  countsApproximate: boolean;
  /** The total paging uses: exact up to MAX_LISTED + 1 (more pages than STOREFRONT_MAX_PAGES never show). */
  pagingTotal: number;
  sellers: Group[];
};

type GroupRow = {
  k: string;
  kb: string | null;
  ku: string | null;
  kr: number | null;
  kd: number | null;
  va: string[] | null;
  n: number;
  total: number;
  in_stock: number;
  lo: string | null;
  hi: string | null;
};

/**
 * How many rows match `where`, counting no further than `cap` + 1: enough to know whether more than `cap`
 * match without visiting every match of a broad list.
 */
async function countUpTo(tx: Queryable, where: SQL, cap: number): Promise<number> {
  const rows = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from products p where ${where} limit ${cap + 1}) x`,
  );
  return rows.rows[0]?.n ?? 0;
}

/**
 * The total and every facet's counts in one pass over the scope: one GROUP BY GROUPING SETS, one row per
 * product. A row carries, per facet, the value it counts for (its brand, seller, whole stars, discount
 * percent, and its whole size and colour lists) or null when the product fails one of that facet's OTHER
 * filters; each grouping set counts its own key and the null group is dropped. Size and colour lists are
 * grouped as whole arrays (a catalogue has few distinct lists) and spread into single values here, so no
 * product is multiplied by its sizes. The empty set counts the rows read, the total, the products with
 * stock that "in stock only" would leave (sizes and colours matched among those in stock), and the price
 * range without the price filter. Reads only columns that products_facets_idx (migration 0014) holds, so a
 * category page is an index-only scan.
 *
 * Bounded (docs/decisions/0138-bounded-facet-counts.md): the pass reads at most `limit` + 1 rows, the
 * first the index gives (a LIMIT below the GROUP BY, so the scan stops there). More than `limit` read: the
 * counts come from those rows (`countsApproximate`), and the total from a count of the rows passing every
 * filter that stops past `limit` (`totalIsLowerBound` when it got there).
 */
export async function facetGroups(
  db: Queryable,
  scope: Scope,
  f: ProductFilters,
  sellerIds: readonly string[],
  limit: number,
): Promise<FacetGroups> {
  const p = predicates(f, sellerIds, f.inStock);
  const inStockSide = { ...predicates(f, sellerIds, true), inStock: inStockSql };
  const sizes = f.inStock ? sql`p.available_sizes` : sql`p.sizes`;
  const colours = f.inStock ? sql`p.available_colours` : sql`p.colours`;
  const key = (name: FilterName, value: SQL) => sql`case when ${allBut(p, name)} then ${value} end`;
  const query = sql`
    select case when grouping(q.kb) = 0 then 'b' when grouping(q.ku) = 0 then 'u'
                when grouping(q.kr) = 0 then 'r' when grouping(q.kd) = 0 then 'd'
                when grouping(q.ks) = 0 then 's' when grouping(q.kc) = 0 then 'c' else 't' end as k,
           q.kb, q.ku::text as ku, q.kr, q.kd,
           coalesce(q.ks, q.kc) as va,
           count(*)::int as n,
           (count(*) filter (where q.all_pass))::int as total,
           (count(*) filter (where q.stock_pass))::int as in_stock,
           (min(q.sale_price) filter (where q.price_pass))::text as lo,
           (max(q.sale_price) filter (where q.price_pass))::text as hi
      from (
        select p.sale_price,
               ${allBut(p)} as all_pass,
               ${allBut(inStockSide)} as stock_pass,
               ${allBut(p, 'price')} as price_pass,
               ${key('brand', sql`p.brand`)} as kb,
               ${key('seller', sql`p.user_id`)} as ku,
               ${key('rating', sql`floor(p.rating)::int`)} as kr,
               ${key('discount', sql`p.discount_percent::int`)} as kd,
               ${key('size', sizes)} as ks,
               ${key('colour', colours)} as kc
          from products p
         where ${scopeWhere(scope, true)} and ${someFacetCounts(p)}
         limit ${limit + 1}
      ) q
     group by grouping sets ((q.kb), (q.ku), (q.kr), (q.kd), (q.ks), (q.kc), ())`;
  const matching = sql`${scopeWhere(scope, true)} and ${allBut(p)}`;
  const { rows, matched, pagingTotal } = await db.transaction(
    async (tx) => {
      // A plan's JIT compile costs more than these short reads (ADR 0138). SET LOCAL: this transaction only.
      await tx.execute(sql`select set_config('jit', 'off', true)`);
      await preferIndexes(tx, scope);
      const rows = (await tx.execute<GroupRow>(query)).rows;
      const grand = rows.find((r) => r.k === 't');
      const read = grand?.n ?? 0;
      let matched = grand?.total ?? 0;
      // Capped: the rows read are a sample, so count the matches again, up to just past the limit.
      if (read > limit && matched <= limit) matched = await countUpTo(tx, matching, limit);
      // A limit below one storefront's worth of pages (tests, small settings): paging counts on its own.
      const counted =
        matched > limit && limit < MAX_LISTED ? await countUpTo(tx, matching, MAX_LISTED) : matched;
      return { rows, matched, pagingTotal: pagingTotalOf(matched, limit, counted) };
    },
    { accessMode: 'read only' },
  );

  const read = rows.find((r) => r.k === 't')?.n ?? 0;
  const out: FacetGroups = {
    total: Math.min(matched, limit),
    totalIsLowerBound: matched > limit,
    countsApproximate: read > limit,
    pagingTotal,
    brands: [],
    sizes: [],
    colours: [],
    sellers: [],
    price: { min: null, max: null },
    ratings: [],
    discounts: [],
    inStock: 0,
  };
  const spread = (into: Group[], values: string[], n: number) => {
    for (const value of values) {
      const known = into.find((g) => g.value === value);
      if (known) known.count += n;
      else into.push({ value, count: n });
    }
  };
  for (const r of rows) {
    if (r.k === 't') {
      out.inStock = r.in_stock;
      out.price = { min: r.lo === null ? null : Number(r.lo), max: r.hi === null ? null : Number(r.hi) };
    } else if (r.k === 's' || r.k === 'c') {
      // A size or colour list counts once for each value in it (values are unique within a list).
      if (r.va) spread(r.k === 's' ? out.sizes : out.colours, r.va, r.n);
    } else if (r.k === 'b' && r.kb !== null) out.brands.push({ value: r.kb, count: r.n });
    else if (r.k === 'u' && r.ku !== null) out.sellers.push({ value: r.ku, count: r.n });
    else if (r.k === 'r' && r.kr !== null) out.ratings.push({ value: r.kr, count: r.n });
    else if (r.k === 'd' && r.kd !== null) out.discounts.push({ value: r.kd, count: r.n });
  }
  return out;
}

/** A seller's label in the seller facet: their shop's name, else their own name. */
export async function sellerLabels(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<{ id: string; label: string }>(sql`
    select u.id::text as id, coalesce(s.shop_name, u.name) as label
      from users u left join shops s on s.user_id = u.id
     where u.id = any(${sql.param([...ids])}::uuid[])`);
  return new Map(result.rows.map((r) => [r.id, r.label]));
}

/** ORDER BY of each sort with no keyword ranking; the id last so equal keys keep one order. */
const ORDER: Record<Exclude<ProductSort, 'relevance'>, SQL> = {
  price_asc: sql`p.sale_price asc, p.id asc`,
  price_desc: sql`p.sale_price desc, p.id desc`,
  newest: sql`p.created_at desc, p.id desc`,
  rating: sql`p.rating desc, p.num_reviews desc, p.created_at desc, p.id desc`,
  discount: sql`p.discount_percent desc, p.id desc`,
};
const NEWEST = ORDER.newest;

/**
 * One page of ids read tier after tier, each tier newest first along the newest-first indexes, so only
 * about a page of rows is visited rather than every match sorted (and no index holds stock, which every
 * order changes). Relevance without a keyword has two tiers (with stock, without); a broad keyword search
 * four (with stock and a title match, with stock, without stock and a title match, the rest). A tier is
 * counted only when the page starts past its end, and no further than the page's offset (at most
 * MAX_LISTED).
 */
async function tieredNewestIds(
  db: Queryable,
  where: SQL,
  tiers: SQL[],
  offset: number,
  limit: number,
): Promise<string[]> {
  const ids: string[] = [];
  let skip = offset;
  for (const tier of tiers) {
    const need = limit - ids.length;
    if (need === 0) break;
    const rows = await db.execute<{ id: string }>(sql`
      select p.id from products p where ${where} and ${tier}
       order by ${NEWEST} limit ${need} offset ${skip}`);
    ids.push(...rows.rows.map((r) => r.id));
    if (rows.rows.length === need) break;
    if (rows.rows.length > 0) skip = 0;
    else if (skip > 0) {
      const counted = await db.execute<{ n: number }>(sql`
        select count(*)::int as n from (select 1 from products p where ${where} and ${tier} limit ${skip}) x`);
      skip -= counted.rows[0]?.n ?? 0;
    }
  }
  return ids;
}

/**
 * Below this many matches a page is cut from all the matches, read through the filters' indexes and
 * sorted, rather than by walking a sort index until enough rows pass: with few matches that walk visits
 * most of the scope (a million rows when nothing matches).
 */
const SORT_MATCHES_BELOW = 5000;

/**
 * The total `filteredIds` reads by: the count when it is exact (all the matches, or up to MAX_LISTED, past
 * which no page shows), else at least SORT_MATCHES_BELOW + 1, so a list known only to be long is never
 * taken for a short one whose every match may be loaded and sorted (a FACET_COUNT_LIMIT under 5 000).
 */
export function pagingTotalOf(matched: number, limit: number, counted: number): number {
  const lowerBound = matched > limit && counted > MAX_LISTED;
  return lowerBound ? Math.max(counted, SORT_MATCHES_BELOW + 1) : counted;
}

async function sortedMatches(
  db: Queryable,
  scope: Scope,
  where: SQL,
  sort: ProductSort,
  offset: number,
  limit: number,
): Promise<string[]> {
  const title = scope.terms ? sql`(p.title_vector @@ ${tsQuery(scope.terms)}) desc, ` : sql``;
  const order = sort !== 'relevance' ? ORDER[sort] : sql`(${inStockSql}) desc, ${title}${NEWEST}`;
  return db.transaction(
    async (tx) => {
      await preferIndexes(tx, scope);
      const rows = await tx.execute<{ id: string }>(sql`
        with p as materialized (
          select p.id, p.sale_price, p.created_at, p.rating, p.num_reviews, p.discount_percent,
                 p.available_sizes, p.title_vector
            from products p where ${where})
        select p.id from p order by ${order} limit ${limit} offset ${offset}`);
      return rows.rows.map((r) => r.id);
    },
    { accessMode: 'read only' },
  );
}

/**
 * One page of ids under every filter, in `sort` order (relevance when not given). `total` is the facet
 * pass's paging total (`pagingTotalOf`): exact up to MAX_LISTED + 1, a lower bound of at least
 * SORT_MATCHES_BELOW + 1 past it; the service takes the shown total from the facets.
 *
 * Relevance with a keyword ranks as searchIds does (ADR 0050), products out of stock last: with at most
 * MAX_LISTED matches all are ranked by ts_rank; with more, title matches come first, each tier newest first.
 */
export async function filteredIds(
  db: Queryable,
  scope: Scope,
  f: ProductFilters,
  sellerIds: readonly string[],
  page: number,
  total: number,
): Promise<string[]> {
  const { offset, limit } = pageWindow(page);
  if (offset >= MAX_LISTED || offset >= total) return [];
  const p = predicates(f, sellerIds, f.inStock);
  const filters = allBut(p);
  const where = sql`${scopeWhere(scope)} and ${filters}`;
  // The reads that take every match (or the first MAX_LISTED) through the bitmap indexes (preferIndexes):
  // with a keyword and no filter, its GIN indexes rather than a bitmap of every active product (as in
  // facetGroups). With filters the partial indexes `where status` narrow it better (ADR 0145).
  const matchesFirst = Object.keys(p).length === 0 ? sql`${scopeWhere(scope, true)} and ${filters}` : where;
  const sort = f.sort ?? 'relevance';

  if (total <= SORT_MATCHES_BELOW && !(scope.terms && sort === 'relevance' && total <= MAX_LISTED))
    return sortedMatches(db, scope, matchesFirst, sort, offset, limit);

  if (sort !== 'relevance') {
    const result = await db.execute<{ id: string }>(
      sql`select p.id from products p where ${where} order by ${ORDER[sort]} limit ${limit} offset ${offset}`,
    );
    return result.rows.map((r) => r.id);
  }
  if (!scope.terms) return tieredNewestIds(db, where, [inStockSql, sql`not (${inStockSql})`], offset, limit);

  const terms = scope.terms;
  const title = sql`p.title_vector @@ ${tsQuery(terms)}`;
  const noStock = sql`not (${inStockSql})`;
  // Broad: stock first, then title matches, each tier newest first, along the newest-first indexes.
  const tiers = (q: Queryable) =>
    tieredNewestIds(
      q,
      where,
      [
        sql`${inStockSql} and ${title}`,
        sql`${inStockSql} and not (${title})`,
        sql`${noStock} and ${title}`,
        sql`${noStock} and not (${title})`,
      ],
      offset,
      limit,
    );
  // The facet pass already counted more than MAX_LISTED matches under these filters: no ranking would be
  // used, so none is computed (at a million products it built bitmaps of every match of a broad word).
  if (total > MAX_LISTED) return tiers(db);

  return db.transaction(
    async (tx) => {
      await preferIndexes(tx, scope);
      const ranked = await tx.execute<{ id: string; total: number }>(sql`
        select c.id, (count(*) over ())::int as total
          from (select p.id, p.created_at, ${inStockSql} as in_stock,
                       ts_rank('{0.1, 0.2, 0.4, 1.0}'::float4[], p.search_vector, ${tsQuery(terms)}) as rank
                  from products p where ${matchesFirst} limit ${MAX_LISTED + 1}) c
         order by c.in_stock desc, c.rank desc, c.created_at desc, c.id desc
         limit ${limit} offset ${offset}`);
      const counted = ranked.rows[0]?.total ?? 0;
      if (counted <= MAX_LISTED && (ranked.rows.length > 0 || offset === 0))
        return ranked.rows.map((r) => r.id);
      if (ranked.rows.length === 0) {
        // Past the last ranked row: more than MAX_LISTED matches only if the capped count says so.
        const count = await tx.execute<{ n: number }>(
          sql`select count(*)::int as n from (select 1 from products p where ${matchesFirst} limit ${MAX_LISTED + 1}) x`,
        );
        if ((count.rows[0]?.n ?? 0) <= MAX_LISTED) return [];
      }
      // More matches now than the facet pass counted (a write in between): the broad order after all.
      await tx.execute(
        sql`select set_config('enable_seqscan', 'on', true), set_config('enable_indexscan', 'on', true)`,
      );
      return tiers(tx);
    },
    { accessMode: 'read only' },
  );
}

export type { IdPage };

/**
 * Products whose public discount has ended (valid_until passed) but whose sale price still has it off:
 * recompute their derived columns with product_derived_refresh (migration 0012), which reads the same
 * now() (the transaction's), so a refreshed product never qualifies again. Returns their ids.
 * Reads products_discounted_idx (products with sale_price below list_price), a small partial index.
 */
export async function refreshEndedDiscounts(db: Queryable, batch: number): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    with due as (
      select p.id from products p join product_discounts d on d.product_id = p.id
       where p.sale_price < p.list_price and d.valid_until <= now()
       order by p.id
       limit ${batch}
    )
    select due.id, product_derived_refresh(due.id) from due`);
  return result.rows.map((r) => r.id);
}
