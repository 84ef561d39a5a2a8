import { isPendingSeller, SELLER_MSG } from '#shared/accounts.ts';
import { isAdmin } from '#shared/permissions.ts';
import { SELLER_ROLES, type RoleName } from '#shared/roles.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Queryable } from '../../db/client.ts';
import { foreignKeyViolation } from '../../db/pg-errors.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import { enqueueEmail } from '../notifications/notifications.service.ts';
import * as repo from './accounts.repo.ts';
import { findUserByEmail } from './password-reset.repo.ts';

/** A role's name in the mail's language (the account keeps the English wire name). */
const ROLE_MESSAGES: Record<RoleName, string> = {
  Buyer: 'mail.roles.Buyer',
  'Seller-Individual': 'mail.roles.Seller-Individual',
  'Seller-Company': 'mail.roles.Seller-Company',
  Admin: 'mail.roles.Admin',
  Auditor: 'mail.roles.Auditor',
  Distributor: 'mail.roles.Distributor',
};

/**
 * Seller onboarding (docs/product/orders-and-checkout.md#checkout-flow "Seller registration": register → upload documents → verification e-mail →
 * review screen; "User edit": activation → seller-verified e-mail). Every e-mail goes through the
 * notifications queue, whose unique (type, document, recipient) key makes each one go out once
 * (docs/product/payments.md): asking again is harmless.
 */

type MailUser = { id: string; name: string; email: string };

/**
 * POST /api/users/seller-verification-email. The seller (or an Admin for them) asks for the
 * "under review" e-mail once their documents are on file; every active Admin is told there is a seller
 * to review. Another person's address is 404, as if unknown.
 */
export async function requestVerificationEmail(
  ctx: AuthedCtx,
  email: string,
  origin: string,
): Promise<{ message: string; queued: boolean }> {
  const found = await findUserByEmail(ctx.db, email);
  if (!found || (found.id !== ctx.actor.id && !isAdmin(ctx.actor))) throw notFound('User not found');
  const record = await repo.findUserRecord(ctx.db, found.id);
  if (!record) throw notFound('User not found');
  if (!record.roles.some((r) => SELLER_ROLES.includes(r)))
    throw conflict(SELLER_MSG.notASeller, 'not_a_seller');
  if (record.user.verificationDocs.length === 0) throw conflict(SELLER_MSG.noDocuments, 'no_documents');

  const seller: MailUser = { id: record.user.id, name: record.user.name, email: record.user.email };
  const queued = await ctx.db.transaction(async (tx) => {
    const sent = await enqueueEmail(tx, {
      type: 'seller_verification',
      documentType: 'user',
      documentId: seller.id,
      recipient: seller.email,
      render: (t) => ({
        subject: t('mail.seller.underReview.subject'),
        text: [
          t('mail.seller.hello', { name: seller.name }),
          '',
          t('mail.seller.underReview.thanks'),
          t('mail.seller.underReview.takesDays'),
          t('mail.seller.underReview.thenList'),
          '',
          '— Haat',
        ].join('\n'),
      }),
    });
    for (const admin of await repo.listActiveUsersWithRole(tx, 'Admin')) {
      await enqueueEmail(tx, {
        type: 'seller_verification_admin',
        documentType: 'user',
        documentId: seller.id,
        recipient: admin.email,
        render: (t) => ({
          subject: t('mail.seller.toReview.subject', { name: seller.name }),
          text: [
            t('mail.seller.hello', { name: admin.name }),
            '',
            t('mail.seller.toReview.registered', {
              name: seller.name,
              email: seller.email,
              roles: record.roles.map((role) => t(ROLE_MESSAGES[role])).join(', '),
              count: record.user.verificationDocs.length,
            }),
            t('mail.seller.toReview.review', { url: `${origin}/admin/userlist` }),
            t('mail.seller.toReview.activate', { url: `${origin}/admin/user/${seller.id}/edit` }),
          ].join('\n'),
        }),
      });
    }
    return sent;
  });
  return { message: 'Verification e-mail requested', queued };
}

/**
 * The seller-verified e-mail (docs/product/orders-and-checkout.md#checkout-flow "User edit"), queued on `db` (pass the transaction that activated
 * the seller). True when this call queued it; false when it was sent before.
 */
export function queueSellerVerifiedEmail(db: Queryable, seller: MailUser, origin: string): Promise<boolean> {
  return enqueueEmail(db, {
    type: 'seller_verified',
    documentType: 'user',
    documentId: seller.id,
    recipient: seller.email,
    render: (t) => ({
      subject: t('mail.seller.verified.subject'),
      text: [
        t('mail.seller.hello', { name: seller.name }),
        '',
        t('mail.seller.verified.goodNews'),
        t('mail.seller.verified.addProducts', { url: `${origin}/seller/productlist` }),
        t('mail.seller.verified.setShop', { url: `${origin}/profile` }),
        '',
        '— Haat',
      ].join('\n'),
    }),
  });
}

/**
 * DELETE /api/users/registration: the browser withdraws its own seller sign-up when the document upload
 * failed ('File upload failed. Registration not completed.'), so the person can simply try again with
 * the same e-mail. Only an inactive seller account without documents can be withdrawn.
 */
export async function withdrawRegistration(ctx: AuthedCtx): Promise<{ message: string }> {
  const record = await repo.findUserRecord(ctx.db, ctx.actor.id);
  const unfinished =
    !!record &&
    isPendingSeller({ role: record.roles, active: record.user.active }) &&
    record.user.verificationDocs.length === 0;
  const refused = () => conflict(SELLER_MSG.registrationNotWithdrawable, 'not_withdrawable');
  if (!unfinished) throw refused();
  let deleted: boolean;
  try {
    deleted = await repo.deleteUnfinishedRegistration(ctx.db, ctx.actor.id);
  } catch (err) {
    // Something (an order, a product) already points at the account: it is not unfinished after all.
    if (foreignKeyViolation(err)) throw refused();
    throw err;
  }
  if (!deleted) throw refused();
  return { message: 'Registration withdrawn' };
}
