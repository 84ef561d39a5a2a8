/**
 * Every TanStack Query key comes from here, so invalidation is easy to find.
 *
 * Anything that depends on who is signed in lives under `private` and is dropped when the session
 * changes (sign in, sign out), so one person's data is never shown to the next.
 */
export const queryKeys = {
  session: ['session'] as const,
  private: ['private'] as const,
  places: {
    countries: ['places', 'countries'] as const,
    states: (country: string) => ['places', 'states', country] as const,
    cities: (country: string, state: string) => ['places', 'cities', country, state] as const,
  },
};
