import { isCurrencyCode } from '#shared/currencies.ts';
import { isRecord, readStored, writeStored } from '#web/lib/local-storage.ts';

/**
 * The currency picked in the header, kept in browser storage. It remembers who picked it: a choice made
 * while signed in is that person's and beats their profile currency; a choice made as a visitor counts
 * while nobody is signed in (docs/product/currency-and-places.md: the user's currency, else the visitor's choice).
 */
export const CURRENCY_CHOICE_KEY = 'displayCurrency';

export type CurrencyChoice = { code: string; userId: string | null };

export function parseChoice(value: unknown): CurrencyChoice | null {
  if (!isRecord(value)) return null;
  const { code, userId } = value;
  if (typeof code !== 'string' || !isCurrencyCode(code)) return null;
  if (userId !== null && typeof userId !== 'string') return null;
  return { code, userId };
}

export const readChoice = (): CurrencyChoice | null => readStored(CURRENCY_CHOICE_KEY, parseChoice);

export const saveChoice = (choice: CurrencyChoice): void => writeStored(CURRENCY_CHOICE_KEY, choice);

/** Which stored choice applies for whoever is (or is not) signed in now. */
export function applicableChoice(
  choice: CurrencyChoice | null,
  userId: string | null,
): { own: string | null; visitor: string | null } {
  if (!choice) return { own: null, visitor: null };
  if (userId) return { own: choice.userId === userId ? choice.code : null, visitor: null };
  return { own: null, visitor: choice.code };
}
