import type { Database } from '../client.ts';

// Placeholder: the demo seed is being written (issue 2).
export async function seedIfEmpty(_db: Database, _opts: { dataDir: string }): Promise<boolean> {
  return false;
}
