/**
 * Which message namespaces the loaded code can say, so a page waits for them with its code instead of
 * blinking back to the layout's spinner when a part of it renders later (an item list once prices arrive,
 * a delivery date once it is quoted) and `useT` suspends for a namespace not loaded yet.
 *
 * The build makes each page's chunk register, as it loads, the namespaces its modules and the chunks it
 * imports name (scripts/messages-plugin.ts appends a `globalThis.__haatNeedMessages([...])` call); main.tsx
 * attaches the page's message source. Without a source (the server renderer, unit tests, the dev server,
 * which has no chunks) nothing is loaded and pages behave as before.
 */
type Source = { has: (namespace: string) => boolean; load: (namespace: string) => Promise<void> };

const needed = new Set<string>();
let source: Source | null = null;

/** Called by the line the build appends to a page's chunk: the namespaces its modules name. */
export function needMessages(namespaces: readonly string[]): void {
  for (const namespace of namespaces) needed.add(namespace);
}

if (typeof window !== 'undefined') Object.assign(globalThis, { __haatNeedMessages: needMessages });

/** The browser's message source, which loads what is needed in the page's language. */
export function attachMessageSource(s: Source | null): void {
  source = s;
}

/** True when every namespace the loaded code can say is there (or nothing can be loaded). */
export function neededMessagesReady(): boolean {
  const s = source;
  return !s || [...needed].every((namespace) => s.has(namespace));
}

/** Loads every namespace the loaded code can say that is not there yet; never rejects. */
export async function loadNeededMessages(): Promise<void> {
  const s = source;
  if (!s) return;
  await Promise.all([...needed].filter((namespace) => !s.has(namespace)).map((n) => s.load(n)));
}
