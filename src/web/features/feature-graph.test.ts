import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * ESLint's import-x/no-cycle sees cycles between files; two features can still lean on each other through
 * their index.ts files without any file cycle (catalog's product page shows reviews, reviews refresh the
 * catalogue). This keeps the features themselves in one direction.
 */
const featuresDir = path.dirname(fileURLToPath(import.meta.url));
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });

/** Feature → the other features its files import (by #web/features/<name>/ or a relative path). */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map(features.map((f) => [f, new Set<string>()]));
  for (const feature of features) {
    for (const file of sources(path.join(featuresDir, feature))) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
        const target = spec!.startsWith('#web/features/')
          ? spec!.split('/')[2]
          : spec!.startsWith('.')
            ? path.relative(featuresDir, path.resolve(path.dirname(file), spec!)).split(path.sep)[0]
            : undefined;
        if (target && target !== feature && graph.has(target)) graph.get(feature)!.add(target);
      }
    }
  }
  return graph;
}

/** One cycle of the graph as a path (a → b → a), or null. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('web features', () => {
  it('depend on each other in one direction (no feature-level cycle)', () => {
    const graph = featureGraph();
    expect(graph.size).toBeGreaterThan(5);
    expect(findCycle(graph)?.join(' → ') ?? null).toBeNull();
  });

  it('the cycle finder finds one', () => {
    const graph = new Map([
      ['catalog', new Set(['reviews'])],
      ['reviews', new Set(['catalog'])],
    ]);
    expect(findCycle(graph)).toEqual(['catalog', 'reviews', 'catalog']);
  });
});
