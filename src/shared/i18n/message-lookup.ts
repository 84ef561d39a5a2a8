/**
 * From an English message as the code writes it to its catalogue id (docs/decisions/0136-translated-server-messages.md).
 * The server's refusals and the shared schemas' validation messages are English text in the code (the
 * product's exact wording, which the API and its tests keep); the catalogue's `errors` and `validation`
 * namespaces hold the same text under an id, with every other language's. To show one in another language,
 * find its id here, then format that id in the language wanted:
 *
 * - a message without placeholders matches when the text is exactly the English message;
 * - a message with placeholders (`Order {orderNumber} not found`) matches as a pattern, and the text
 *   where the placeholders stand becomes their values (`{ orderNumber: 'HT-1042' }`); a plural whose
 *   forms are the number and a word (`{max, plural, one {# item} other {# items}}`) matches either form
 *   and gives the number.
 *
 * Other messages (a select, a plural with more text) are not recognised and stay in English.
 * Pure: the server gives it parsed catalogue text, the web app its compiled messages.
 */

/** The namespaces whose English text is looked up (API refusals; schema and form messages). */
export const MESSAGE_NAMESPACES = ['errors', 'validation'] as const;

// TYPE from @formatjs/icu-messageformat-parser (numbers, so the web bundle needs no parser import).
const LITERAL = 0;
const ARGUMENT = 1;
const NUMBER = 2;
const PLURAL = 6;
const POUND = 7;

type Pattern = {
  id: string;
  /** Captures each placeholder's text (a plural's: its number). */
  regex: RegExp;
  /** Any text where a placeholder stands (for template literals: `Only ${n} ${unit}` fills a plural). */
  shape: RegExp;
  /** The placeholders in order; `true` marks a plural, whose value is a number. */
  names: { name: string; plural: boolean }[];
  /** Fixed text length: longer patterns are tried first. */
  weight: number;
};

export type MessageLookup = {
  /** English text → id, for messages without placeholders. */
  exact: Map<string, string>;
  /** Messages with placeholders, the most specific (longest fixed text) first. */
  patterns: Pattern[];
};

export type IdentifiedMessage = { id: string; values: Record<string, string | number> };

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Element = { type: number; value?: string; options?: Record<string, { value: Element[] }> };

/**
 * A plural whose every form is the number then fixed text (`{n, plural, one {# item} other {# items}}`),
 * as a regex alternative (`(\d…)(?: items| item)`); null for any other plural.
 */
function pluralSource(el: Element): string | null {
  const words: string[] = [];
  for (const option of Object.values(el.options ?? {})) {
    const [first, second, ...rest] = option.value;
    if (first?.type !== POUND || rest.length > 0) return null;
    if (second && second.type !== LITERAL) return null;
    words.push(second?.value ?? '');
  }
  const alternatives = [...new Set(words)].sort((a, b) => b.length - a.length).map(escapeRegex);
  return `([0-9][0-9,.]*)(?:${alternatives.join('|')})`;
}

/**
 * The lookup for `english` (compiled messages by id: ICU syntax trees, `MessageFormatElement[]`), keeping ids in `namespaces`. When two ids share an
 * English text, the first one (in catalogue order) is the one found; they translate alike anyway.
 */
export function createLookup(
  english: Record<string, readonly unknown[]>,
  namespaces: readonly string[] = MESSAGE_NAMESPACES,
): MessageLookup {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [id, compiled] of Object.entries(english)) {
    if (!namespaces.some((ns) => id.startsWith(`${ns}.`))) continue;
    const elements = compiled as unknown as Element[];
    if (elements.every((el) => el.type === LITERAL)) {
      const text = elements.map((el) => el.value ?? '').join('');
      if (!exact.has(text)) exact.set(text, id);
      continue;
    }
    const names: Pattern['names'] = [];
    let source = '';
    let shape = '';
    let weight = 0;
    let supported = true;
    for (const el of elements) {
      if (el.type === LITERAL) {
        source += escapeRegex(el.value ?? '');
        shape += escapeRegex(el.value ?? '');
        weight += (el.value ?? '').length;
      } else if (el.type === ARGUMENT || el.type === NUMBER) {
        names.push({ name: el.value ?? '', plural: false });
        source += '([\\s\\S]+?)';
        shape += '[\\s\\S]+?';
      } else if (el.type === PLURAL && pluralSource(el)) {
        names.push({ name: el.value ?? '', plural: true });
        source += pluralSource(el);
        shape += '[\\s\\S]+?';
      } else supported = false;
    }
    if (!supported) continue;
    patterns.push({ id, regex: new RegExp(`^${source}$`), shape: new RegExp(`^${shape}$`), names, weight });
  }
  patterns.sort((a, b) => b.weight - a.weight);
  return { exact, patterns };
}

/** The catalogue id (and placeholder values) of an English message, or null when the catalogue lacks it. */
export function identifyMessage(lookup: MessageLookup, text: string): IdentifiedMessage | null {
  const id = lookup.exact.get(text);
  if (id) return { id, values: {} };
  for (const pattern of lookup.patterns) {
    const match = pattern.regex.exec(text);
    if (!match) continue;
    const values: Record<string, string | number> = {};
    pattern.names.forEach(({ name, plural }, i) => {
      const text = match[i + 1] ?? '';
      values[name] = plural ? Number(text.replaceAll(',', '')) : text;
    });
    return { id: pattern.id, values };
  }
  return null;
}

/**
 * `text` in another language: its id formatted by `format` (the language's formatter), or the text itself
 * when it is not in the catalogue (a message from a library, say), so nothing is ever lost.
 */
export function translateMessage(
  lookup: MessageLookup,
  text: string,
  format: (id: string, values: Record<string, string | number>) => string,
): string {
  const found = identifyMessage(lookup, text);
  return found ? format(found.id, found.values) : text;
}

/**
 * A template literal's shape, `Order ${x} not found` written as `Order {} not found`, matches a catalogue
 * message (for the scan test: the code's messages are all in the catalogue).
 */
export function templateMatches(lookup: MessageLookup, template: string): boolean {
  if (!template.includes('{}')) return lookup.exact.has(template);
  const filled = template.split('{}').join('\u0001');
  return lookup.patterns.some((p) => p.shape.test(filled));
}
