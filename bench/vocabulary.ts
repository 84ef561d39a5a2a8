/**
 * The search keywords of the bench's mixed workload (docs/decisions/0128-realistic-bench.md): the words
 * of the generated catalogue (product names, brands, category names), read from the database after
 * generation and ranked by how many products carry them, drawn with a Zipf distribution (s = 1: the
 * k-th word is asked k times less often than the first), plus a share of misses (words nobody sells)
 * and typos (a letter dropped, doubled, swapped or replaced), as shoppers type them.
 */
import pg from 'pg';

export type Vocabulary = { words: string[]; products: number[] };

/**
 * Words of two letters or more in active products' names and brands and in category names, most
 * frequent first (ties by the word). Above 200 000 products a repeatable sample of the products is read:
 * the ranking is the same, and a million names take a while to split.
 */
export async function loadVocabulary(url: string): Promise<Vocabulary> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const total = Number(
      (
        await client.query<{ n: string }>(
          `select reltuples::bigint as n from pg_class where relname = 'products'`,
        )
      ).rows[0]?.n ?? 0,
    );
    const percent = total > 200_000 ? Math.max(1, Math.min(100, (100 * 200_000) / total)) : 100;
    const sample = percent < 100 ? `tablesample system (${percent.toFixed(2)}) repeatable (128)` : '';
    const rows = await client.query<{ w: string; n: string }>(
      `select w, count(*) as n from (
         select regexp_split_to_table(lower(name || ' ' || brand), '[^a-z0-9-]+') as w
         from products ${sample} where status
         union all
         select regexp_split_to_table(lower(concat_ws(' ', category, sub_category, level_three_category)), '[^a-z0-9-]+')
         from categories
       ) x where length(w) >= 2 group by w order by n desc, w`,
    );
    return { words: rows.rows.map((r) => r.w), products: rows.rows.map((r) => Number(r.n)) };
  } finally {
    await client.end();
  }
}

/** A small seeded generator (mulberry32), so every run draws the same sequence. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws ranks 0 … n-1 with P(k) ∝ 1 / (k + 1)^s. */
export function zipf(n: number, s: number, rand: () => number): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) cdf[k] = sum += 1 / Math.pow(k + 1, s);
  return () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One typing slip: a letter dropped, doubled, two swapped, or one replaced by a neighbour's. */
export function typo(word: string, rand: () => number): string {
  if (word.length < 3) return word + LETTERS[Math.floor(rand() * 26)];
  const i = 1 + Math.floor(rand() * (word.length - 2));
  switch (Math.floor(rand() * 4)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + word[i] + word.slice(i);
    case 2:
      return word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
    default:
      return word.slice(0, i) + LETTERS[Math.floor(rand() * 26)] + word.slice(i + 1);
  }
}

/** Real words nobody in the generated catalogue sells (a search that matches nothing). */
const MISSES = [
  'laptop',
  'refrigerator',
  'cricket bat',
  'pressure cooker',
  'iphone',
  'lehenga choli',
  'smartwatch',
  'basmati',
  'tyre',
  'yoga mat',
  'gold chain',
  'school bag',
];

export type KeywordShares = { typos: number; misses: number };

/**
 * A keyword generator: one word (70 %), two (25 %) or three (5 %) drawn by Zipf rank; with probability
 * `typos` one word has a slip, with probability `misses` the query is something the catalogue lacks (a
 * real product word, or letters nobody uses).
 */
export function keywordSource(
  vocabulary: Vocabulary,
  rand: () => number,
  shares: KeywordShares = { typos: 0.04, misses: 0.04 },
): () => { keyword: string; kind: 'word' | 'typo' | 'miss' } {
  const rank = zipf(vocabulary.words.length, 1, rand);
  return () => {
    const r = rand();
    if (r < shares.misses) {
      const keyword =
        rand() < 0.5
          ? MISSES[Math.floor(rand() * MISSES.length)]!
          : Array.from({ length: 5 + Math.floor(rand() * 4) }, () => LETTERS[Math.floor(rand() * 26)]).join(
              '',
            );
      return { keyword, kind: 'miss' };
    }
    const n = rand() < 0.7 ? 1 : rand() < 0.83 ? 2 : 3;
    const words = [...new Set(Array.from({ length: n }, () => vocabulary.words[rank()]!))];
    if (r < shares.misses + shares.typos) {
      const i = Math.floor(rand() * words.length);
      words[i] = typo(words[i]!, rand);
      return { keyword: words.join(' '), kind: 'typo' };
    }
    return { keyword: words.join(' '), kind: 'word' };
  };
}
