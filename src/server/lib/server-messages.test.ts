import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createLookup, templateMatches } from '#shared/i18n/message-lookup.ts';
import { readCatalogues } from './catalogues.ts';

/**
 * Every message the API can answer with is in the English catalogue (docs/decisions/0136-translated-server-messages.md),
 * so the server can say it in the request's language. The code is read, not run: the texts given to the
 * error helpers of src/server/lib/errors.ts and `new AppError`, field errors' `message`, the message
 * constants (`*_MSG`, `*_NOT_FOUND`) of src/server and src/shared, and the messages of the shared schemas
 * (src/shared/schemas, src/shared/messages.ts). A template literal (`Order ${n} not found`) must match a
 * catalogue message with a placeholder where it has one (`Order {orderNumber} not found`).
 */
const SRC = path.resolve(import.meta.dirname, '../..');
const english = readCatalogues().find((c) => c.code === 'en')!.messages;
const lookup = createLookup(Object.fromEntries(Object.entries(english).map(([id, m]) => [id, parse(m)])));

const ERROR_HELPERS = new Set([
  'notFound',
  'forbidden',
  'unauthenticated',
  'conflict',
  'illegalTransition',
  'invalid',
  'tooLarge',
  'unsupportedMedia',
  'rateLimited',
]);
/** zod checks whose last string argument is the message shown when they fail. */
const ZOD_CHECKS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'email',
  'url',
  'uuid',
  'gt',
  'gte',
  'lt',
  'lte',
  'positive',
  'nonnegative',
  'negative',
  'int',
  'multipleOf',
  'nonempty',
  'startsWith',
  'endsWith',
  'includes',
]);
const CONSTANT = /(^|_)(MSG|MESSAGE|NOT_FOUND)(_|$)|^MSG$|[a-z](Message|Error)$/;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
  });
}

/** A literal's text; a template's with `{}` for each `${…}`; null for anything else. */
function textOf(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((s) => `{}${s.literal.text}`).join('');
  if (ts.isParenthesizedExpression(node)) return textOf(node.expression);
  return null;
}

/** Every literal an expression can evaluate to (both arms of `a ? 'x' : 'y'`, `x ?? 'y'`). */
function textsOf(node: ts.Node): string[] {
  if (ts.isConditionalExpression(node)) return [...textsOf(node.whenTrue), ...textsOf(node.whenFalse)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
    return textsOf(node.right);
  const text = textOf(node);
  return text === null ? [] : [text];
}

/** Every string and template literal inside a constant's value (objects, arrays, arrow functions). */
function literalsIn(node: ts.Node): string[] {
  const text = textOf(node);
  if (text !== null) return [text];
  const out: string[] = [];
  node.forEachChild((child) => {
    // Keys and computed parts of a template are not messages.
    if (ts.isPropertyAssignment(node) && child === node.name) return;
    out.push(...literalsIn(child));
  });
  return out;
}

type Found = { file: string; text: string };

function messagesIn(file: string, { schema }: { schema: boolean }): Found[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Found[] = [];
  const add = (texts: string[]) => {
    for (const text of texts) found.push({ file: path.relative(SRC, file), text });
  };
  // The file's own variables, for `throw notFound(NO_FILE)` and `const message = …; throw invalid(message)`
  // (every variable of that name in the file: a scan, not a type checker).
  const variables = new Map<string, ts.Expression[]>();
  const collect = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
      variables.set(node.name.text, [...(variables.get(node.name.text) ?? []), node.initializer]);
    node.forEachChild(collect);
  };
  collect(source);
  const messageTexts = (node: ts.Expression) =>
    ts.isIdentifier(node) && variables.has(node.text)
      ? variables.get(node.text)!.flatMap(textsOf)
      : textsOf(node);
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && CONSTANT.test(node.name.text)) {
      if (node.initializer) add(literalsIn(node.initializer));
    }
    if (ts.isFunctionDeclaration(node) && node.name && CONSTANT.test(node.name.text) && node.body)
      add(literalsIn(node.body));
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (!schema && ts.isIdentifier(callee) && ERROR_HELPERS.has(callee.text) && node.arguments[0])
        add(messageTexts(node.arguments[0]));
      if (schema && ts.isPropertyAccessExpression(callee) && ZOD_CHECKS.has(callee.name.text)) {
        const last = node.arguments[node.arguments.length - 1];
        if (last && node.arguments.length > (callee.name.text === 'refine' ? 1 : 0)) add(textsOf(last));
      }
    }
    if (
      !schema &&
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'AppError' &&
      node.arguments?.[1]
    )
      add(messageTexts(node.arguments[1]));
    // A multipart route's `answers` (src/server/lib/multipart.ts): its refusals, one per way.
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'answers')
      add(literalsIn(node.initializer));
    // `{ path, message: '…' }` field errors; in schemas `{ message }`, `{ error }` options and issues.
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      (node.name.text === 'message' || (schema && node.name.text === 'error'))
    )
      add(messageTexts(node.initializer));
    if (ts.isShorthandPropertyAssignment(node) && node.name.text === 'message') add(messageTexts(node.name));
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

const serverFiles = filesUnder(path.join(SRC, 'server'));
const sharedFiles = filesUnder(path.join(SRC, 'shared')).filter(
  (f) => !f.includes(`${path.sep}i18n${path.sep}`),
);
const schemaFiles = new Set([
  ...filesUnder(path.join(SRC, 'shared/schemas')),
  path.join(SRC, 'shared/messages.ts'),
]);

/** Texts written in these places that are not messages (log lines, internal errors) are left out. */
const isSentence = (text: string) => /[A-Za-z]{2}/.test(text) && /\s|^[A-Z]/.test(text);

function allMessages(): Found[] {
  const found = [
    ...serverFiles.flatMap((f) => messagesIn(f, { schema: false })),
    ...sharedFiles.flatMap((f) => messagesIn(f, { schema: schemaFiles.has(f) })),
  ];
  const seen = new Set<string>();
  return found.filter((m) => {
    const key = `${m.file}\u0000${m.text}`;
    if (seen.has(key) || !isSentence(m.text)) return false;
    seen.add(key);
    return true;
  });
}

describe('server and schema messages', () => {
  const messages = allMessages();

  it('finds the messages it scans for', () => {
    const texts = new Set(messages.map((m) => m.text));
    expect(texts).toContain('Invalid email or password'); // MSG.invalidLogin
    expect(texts).toContain('Please enter a valid email address'); // a schema's
    expect(texts).toContain('Shop not found'); // a constant in src/server
  });

  it('are all in the English catalogue', () => {
    const missing = messages
      .filter((m) => !templateMatches(lookup, m.text))
      .map((m) => `${m.file}: ${m.text}`);
    expect(missing).toEqual([]);
  });
});
