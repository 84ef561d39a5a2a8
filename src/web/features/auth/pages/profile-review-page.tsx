import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { isIdentityProofType, isPendingSeller, KYC_LIMITS } from '#shared/accounts.ts';
import type { User } from '#shared/schemas/user.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { SubmitButton, TextField } from '#web/components/form-field.tsx';
import { Loader } from '#web/components/loader.tsx';
import { queryKeys } from '#web/lib/query-keys.ts';
import { useSession } from '#web/lib/session.ts';
import { requestVerificationEmail, uploadVerificationDocs } from '../api/seller-registration.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { formatDate } from '#web/lib/format.ts';
import { SELLER_SUPPORT_EMAIL } from '#shared/seller-onboarding.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { documentFilesProblem, proofLabels } from '../lib/document-problem.ts';

/**
 * /profile-review-screen (docs/product/screens.md): what a new seller sees after signing up, and whenever they sign in
 * before an Admin has activated them.
 */
export function ProfileReviewPage() {
  const t = useT();
  const { user, isPending } = useSession();
  if (isPending) return <Loader />;
  const active = !!user && !isPendingSeller(user);

  return (
    <div className="row justify-content-center">
      <PageHead title={t('auth.review.pageTitle')} />
      <div className="col-12 col-md-10 col-lg-8 col-xl-7">
        <div className="card shadow-sm border-0 haat-form-card text-center">
          <div className="card-body p-4 p-sm-5">
            <ReviewIcon />
            {active ? (
              <>
                <h1 className="h3 mb-3">{t('auth.review.activeHeading')}</h1>
                <p className="lead mb-4">{t('auth.review.activeText')}</p>
                <Link to="/seller/productlist" className="btn btn-primary">
                  {t('auth.review.goToProducts')}
                </Link>
              </>
            ) : (
              <>
                <h1 className="h3 mb-3">{t('auth.review.heading')}</h1>
                <p className="lead mb-4">{t('auth.review.thanks')}</p>
                {user ? <ReviewStatus user={user} /> : null}
                {user && user.verificationDocs.length === 0 ? <UploadMissingDocuments user={user} /> : null}
                <p className="mb-0">
                  <Link to="/" className="btn btn-outline-primary">
                    {t('auth.review.continueShopping')}
                  </Link>
                </p>
              </>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * Where a seller under review stands (ADR 0134): what we have received, what is happening, what comes
 * next and how long it usually takes, and whom to write to.
 */
function ReviewStatus({ user }: { user: User }) {
  const t = useT();
  const docs = user.verificationDocs;
  const proofs = proofLabels(t);
  const proofName = (proof: string) => (isIdentityProofType(proof) ? proofs[proof].label : proof);
  return (
    <ol className="list-unstyled text-start review-steps mb-4">
      <li className="mb-3">
        <h2 className="h6 mb-1">
          <span className="badge text-bg-success me-2">{t('auth.review.done')}</span>
          {user.createdAt
            ? t('auth.review.receivedOn', { date: formatDate(user.createdAt, t.language.intl) })
            : t('auth.review.received')}
        </h2>
        <ul className="small mb-0 ps-4" aria-label={t('auth.review.whatWeReceived')}>
          {user.shop ? <li>{t('auth.review.shopName', { name: user.shop.shopName })}</li> : null}
          {user.identifyProof ? (
            <li>
              {user.identifyProofNumber
                ? t('auth.review.identityProofWithNumber', {
                    proof: proofName(user.identifyProof),
                    number: user.identifyProofNumber,
                  })
                : t('auth.review.identityProof', { proof: proofName(user.identifyProof) })}
            </li>
          ) : null}
          {user.buisnessRegistrationCode ? (
            <li>{t('auth.review.registrationCode', { code: user.buisnessRegistrationCode })}</li>
          ) : null}
          {user.bank_account ? <li>{t('auth.review.bankAccount', { account: user.bank_account })}</li> : null}
          <li>
            {docs.length === 0
              ? t('auth.review.documentsNone')
              : t('auth.review.documents', { names: docs.join(', '), count: docs.length })}
          </li>
        </ul>
      </li>
      <li className="mb-3">
        <h2 className="h6 mb-1">
          <span className="badge text-bg-primary me-2">{t('auth.review.now')}</span>
          {t('auth.review.underReview')}
        </h2>
        <p className="small mb-0">{t('auth.review.checking')}</p>
      </li>
      <li className="mb-3">
        <h2 className="h6 mb-1">
          <span className="badge text-bg-secondary me-2">{t('auth.review.next')}</span>
          {t('auth.review.verifiedAndSelling')}
        </h2>
        <p className="small mb-0">
          {t.rich('auth.review.nextText', {
            time: t('auth.reviewTime'),
            email: user.email,
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
      </li>
      <li>
        <h2 className="h6 mb-1">{t('auth.review.questions')}</h2>
        <p className="small mb-0">
          {t.rich('auth.review.writeToUs', {
            support: SELLER_SUPPORT_EMAIL,
            email: user.email,
            a: (chunks) => <a href={`mailto:${SELLER_SUPPORT_EMAIL}`}>{chunks}</a>,
          })}
        </p>
      </li>
    </ol>
  );
}

/**
 * A seller whose documents never arrived (the browser closed mid sign-up) uploads them here, so the
 * account does not stay stuck without anything to review.
 */
function UploadMissingDocuments({ user }: { user: User }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: async () => {
      await uploadVerificationDocs(user._id, user.identifyProof ?? '', files, t);
      await requestVerificationEmail(user.email).catch(() => undefined);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });

  const onFiles = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(e.target.files ?? []);
    setFiles(chosen);
    setProblem(chosen.length ? documentFilesProblem(chosen, t) : null);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const error = documentFilesProblem(files, t);
    setProblem(error);
    if (!error) upload.mutate();
  };

  return (
    <form onSubmit={onSubmit} noValidate className="text-start border rounded p-3 mb-4">
      <Message variant="warning">{t('auth.review.documentsMissing')}</Message>
      <ErrorAlert error={upload.error} />
      <TextField
        label={t('auth.identityDocuments')}
        type="file"
        multiple
        accept={KYC_LIMITS.accept}
        onChange={onFiles}
        help={t('auth.review.documentsHelp', { max: KYC_LIMITS.maxFiles })}
        error={problem ?? undefined}
      />
      <SubmitButton pending={upload.isPending} pendingLabel={t('auth.review.uploading')}>
        {t('auth.review.upload')}
      </SubmitButton>
    </form>
  );
}

function ReviewIcon() {
  return (
    <svg width="64" height="64" viewBox="0 0 24 24" className="mb-3 text-primary" aria-hidden="true">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M12 6v6l4 2" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}
