/** Every node `roots` reach through `next`, the roots included, each once (a module graph, chunk imports). */
export function closure<T>(roots: Iterable<T>, next: (node: T) => Iterable<T>): Set<T> {
  const seen = new Set<T>();
  const todo = [...roots];
  for (let node = todo.pop(); node !== undefined; node = todo.pop()) {
    if (seen.has(node)) continue;
    seen.add(node);
    todo.push(...next(node));
  }
  return seen;
}
