import { invalid, type AppError } from './errors.ts';

/**
 * PostgreSQL cannot store every JavaScript string: `text` refuses the NUL character (U+0000) outright (the
 * driver's error became a 500), and an unpaired UTF-16 surrogate has no UTF-8 form (node-postgres quietly
 * turns it into U+FFFD, so what we stored is not what we were sent). Every request part that has a schema
 * (body, query, params, headers) is searched for both before its schema runs, and refused with 400 naming
 * the field; see docs/decisions/0013-unstorable-text.md.
 */
export const UNSTORABLE_TEXT_MSG = 'Text may not contain NUL characters or broken Unicode';

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (s: string): boolean => !UNSTORABLE.test(s);

type Frame = { value: unknown; key: string | number | null; parent: Frame | null };

const pathOf = (frame: Frame | null): (string | number)[] => {
  const path: (string | number)[] = [];
  for (let f = frame; f && f.key !== null; f = f.parent) path.push(f.key);
  return path.reverse();
};

/**
 * The path of the first string (value or object key) PostgreSQL cannot store, or null. Walks with its own
 * stack and parent links, not recursion or copied paths: a body may nest 500 000 levels deep within the
 * body limit.
 */
export function findUnstorableText(value: unknown): (string | number)[] | null {
  const stack: Frame[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const v = frame.value;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return pathOf(frame);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: frame });
    } else if (v !== null && typeof v === 'object') {
      for (const [key, child] of Object.entries(v).reverse()) {
        // A bad key is named by its parent's path: echoing it back would only repeat the problem.
        if (!isStorableText(key)) return pathOf(frame);
        stack.push({ value: child, key, parent: frame });
      }
    }
  }
  return null;
}

/**
 * Wraps a Fastify validator compiler (fastify-type-provider-zod's) so that every route's every schema part
 * refuses unstorable text first: 400 `{ message, errors: [{ path, message }] }`, like any invalid field.
 * (An Error, not zod issues: Fastify passes an Error result to the error handler as it is.)
 */
export function refuseUnstorableText<R, T>(
  compile: (route: R) => (data: unknown) => T,
): (route: R) => (data: unknown) => T | { error: AppError } {
  return (route) => {
    const validate = compile(route);
    return (data) => {
      const path = findUnstorableText(data);
      if (path === null) return validate(data);
      return {
        error: invalid(UNSTORABLE_TEXT_MSG, [{ path: path.join('.'), message: UNSTORABLE_TEXT_MSG }]),
      };
    };
  };
}
