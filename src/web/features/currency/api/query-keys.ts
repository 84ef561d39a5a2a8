/** Query keys of the currency feature (public data, not tied to who is signed in). */
export const currencyKeys = {
  rates: (code: string) => ['currency', 'rates', code] as const,
  geo: ['currency', 'geo'] as const,
};
