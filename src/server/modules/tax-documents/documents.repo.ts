import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { taxDocuments, taxDocumentSeries, type TaxDocumentRow } from '../../db/schema/index.ts';
import type { TaxDocumentKind } from '#shared/schemas/gst.ts';
import { documentNumber, financialYearOf, seriesScope } from '#shared/tax-documents.ts';

/**
 * Issuing a tax document exactly once, with a gap-free number (docs/decisions/0117-tax-invoices-and-credit-notes.md).
 * Everything happens in the caller's transaction: the cause is locked first (so two issuers of one cause
 * wait for each other and the second finds the first's document without taking a number), then the
 * series row is bumped (its row lock serialises issuers of one series; a rollback gives the number back),
 * then the document is written. A caller issuing for several sellers in one transaction goes seller by
 * seller in seller-id order, so series rows are taken in seller-id order and two such callers never deadlock.
 */

/** The next serial of a series, taken inside the caller's transaction. */
export async function nextSerial(tx: Queryable, scope: string): Promise<number> {
  const [row] = await tx
    .insert(taxDocumentSeries)
    .values({ scope, last: 1 })
    .onConflictDoUpdate({
      target: taxDocumentSeries.scope,
      set: { last: sql`${taxDocumentSeries.last} + 1` },
    })
    .returning({ last: taxDocumentSeries.last });
  if (!row) throw new Error('nextSerial: no row returned');
  return row.last;
}

export async function documentByCause(tx: Queryable, cause: string): Promise<TaxDocumentRow | undefined> {
  const [row] = await tx.select().from(taxDocuments).where(eq(taxDocuments.cause, cause));
  return row;
}

/** What the caller knows about a document before it has a number. */
export type DocumentDraft = Omit<
  typeof taxDocuments.$inferInsert,
  'id' | 'kind' | 'sellerId' | 'cause' | 'financialYear' | 'serial' | 'number' | 'issuedAt' | 'content'
> & {
  /** The document as served, without its number, id, date and financial year (filled in here). */
  content: Record<string, unknown>;
};

export type IssueInput = {
  kind: TaxDocumentKind;
  /** Supplier of an invoice or credit note; recipient of a commission invoice. */
  sellerId: string;
  /** Unique per document: 'invoice:<shipment>', 'credit:return:<return>', 'commission:<seller>:<YYYY-MM>'. */
  cause: string;
  issuedAt: Date;
  /** Builds the document once the cause is known to be new; undefined = nothing to issue. */
  draft: () => Promise<DocumentDraft | undefined>;
};

/**
 * Issues a document for `cause` unless one exists: returns the existing or new row, or undefined when
 * `draft` had nothing to issue. Must run inside a transaction.
 */
export async function issueDocument(tx: Queryable, input: IssueInput): Promise<TaxDocumentRow | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`tax-document:${input.cause}`}, 0))`);
  const existing = await documentByCause(tx, input.cause);
  if (existing) return existing;
  const draft = await input.draft();
  if (!draft) return undefined;
  const financialYear = financialYearOf(input.issuedAt);
  const serial = await nextSerial(tx, seriesScope(input.kind, input.sellerId, financialYear));
  const number = documentNumber(input.kind, financialYear, serial);
  const [row] = await tx
    .insert(taxDocuments)
    .values({
      ...draft,
      kind: input.kind,
      sellerId: input.sellerId,
      cause: input.cause,
      financialYear,
      serial,
      number,
      issuedAt: input.issuedAt,
      content: {
        ...draft.content,
        kind: input.kind,
        number,
        financialYear,
        issuedAt: input.issuedAt.toISOString(),
      },
    })
    .returning();
  if (!row) throw new Error('issueDocument: no row returned');
  // The id is only known now: it completes the served document.
  const [done] = await tx
    .update(taxDocuments)
    .set({ content: sql`${taxDocuments.content} || jsonb_build_object('_id', ${row.id}::text)` })
    .where(eq(taxDocuments.id, row.id))
    .returning();
  return done ?? row;
}
