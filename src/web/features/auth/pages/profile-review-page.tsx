import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { documentFilesError, isPendingSeller, KYC_LIMITS } from '#shared/accounts.ts';
import type { User } from '#shared/schemas/user.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { SubmitButton, TextField } from '#web/components/form-field.tsx';
import { Loader } from '#web/components/loader.tsx';
import { queryKeys } from '#web/lib/query-keys.ts';
import { useSession } from '#web/lib/session.ts';
import { requestVerificationEmail, uploadVerificationDocs } from '../api/seller-registration.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { formatDate } from '#web/lib/format.ts';
import { SELLER_REVIEW_TIME, SELLER_SUPPORT_EMAIL } from '#shared/seller-onboarding.ts';

/**
 * /profile-review-screen (docs/product/screens.md): what a new seller sees after signing up, and whenever they sign in
 * before an Admin has activated them.
 */
export function ProfileReviewPage() {
  const { user, isPending } = useSession();
  if (isPending) return <Loader />;
  const active = !!user && !isPendingSeller(user);

  return (
    <div className="row justify-content-center">
      <PageHead title="Profile Under Review · Haat" />
      <div className="col-12 col-md-10 col-lg-8 col-xl-7">
        <div className="card shadow-sm border-0 haat-form-card text-center">
          <div className="card-body p-4 p-sm-5">
            <ReviewIcon />
            {active ? (
              <>
                <h1 className="h3 mb-3">Your profile is active</h1>
                <p className="lead mb-4">
                  Your seller profile has been verified. You can list your products now.
                </p>
                <Link to="/seller/productlist" className="btn btn-primary">
                  Go to my products
                </Link>
              </>
            ) : (
              <>
                <h1 className="h3 mb-3">Profile Under Review</h1>
                <p className="lead mb-4">Thank you for registering as a seller on Haat.</p>
                {user ? <ReviewStatus user={user} /> : null}
                {user && user.verificationDocs.length === 0 ? <UploadMissingDocuments user={user} /> : null}
                <p className="mb-0">
                  <Link to="/" className="btn btn-outline-primary">
                    Continue shopping
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
  const docs = user.verificationDocs;
  return (
    <ol className="list-unstyled text-start review-steps mb-4">
      <li className="mb-3">
        <h2 className="h6 mb-1">
          <span className="badge text-bg-success me-2">Done</span>Registration received
          {user.createdAt ? ` on ${formatDate(user.createdAt)}` : ''}
        </h2>
        <ul className="small mb-0 ps-4" aria-label="What we received">
          {user.shop ? <li>Shop name: {user.shop.shopName}</li> : null}
          {user.identifyProof ? (
            <li>
              Identity proof: {user.identifyProof}
              {user.identifyProofNumber ? ` (${user.identifyProofNumber})` : ''}
            </li>
          ) : null}
          {user.buisnessRegistrationCode ? <li>GSTIN/UIN: {user.buisnessRegistrationCode}</li> : null}
          {user.bank_account ? <li>Bank account for payouts: {user.bank_account}</li> : null}
          <li>
            {docs.length === 0
              ? 'Identity documents: none yet (upload them below)'
              : `Identity documents: ${docs.join(', ')} (${String(docs.length)} ${docs.length === 1 ? 'file' : 'files'})`}
          </li>
        </ul>
      </li>
      <li className="mb-3">
        <h2 className="h6 mb-1">
          <span className="badge text-bg-primary me-2">Now</span>Under review
        </h2>
        <p className="small mb-0">
          Our team is checking your identity documents and business details against each other.
        </p>
      </li>
      <li className="mb-3">
        <h2 className="h6 mb-1">
          <span className="badge text-bg-secondary me-2">Next</span>Verified and selling
        </h2>
        <p className="small mb-0">
          A review usually takes <strong>{SELLER_REVIEW_TIME}</strong>. We will e-mail{' '}
          <strong>{user.email}</strong> as soon as your profile is verified; then sign in and your dashboard
          shows the first steps: shop picture and banner, payout account and your first product.
        </p>
      </li>
      <li>
        <h2 className="h6 mb-1">Questions?</h2>
        <p className="small mb-0">
          Write to our seller team at <a href={`mailto:${SELLER_SUPPORT_EMAIL}`}>{SELLER_SUPPORT_EMAIL}</a>{' '}
          from {user.email}; mention your shop name.
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
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: async () => {
      await uploadVerificationDocs(user._id, user.identifyProof ?? '', files);
      await requestVerificationEmail(user.email).catch(() => undefined);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });

  const onFiles = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(e.target.files ?? []);
    setFiles(chosen);
    setProblem(chosen.length ? documentFilesError(chosen) : null);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const error = documentFilesError(files);
    setProblem(error);
    if (!error) upload.mutate();
  };

  return (
    <form onSubmit={onSubmit} noValidate className="text-start border rounded p-3 mb-4">
      <Message variant="warning">
        We have not received your identity documents yet. Please upload them.
      </Message>
      <ErrorAlert error={upload.error} />
      <TextField
        label="Identity Documents"
        type="file"
        multiple
        accept={KYC_LIMITS.accept}
        onChange={onFiles}
        help={`PDF, JPEG or PNG; up to ${KYC_LIMITS.maxFiles} files of 10 MB each.`}
        error={problem ?? undefined}
      />
      <SubmitButton pending={upload.isPending} pendingLabel="Uploading…">
        Upload documents
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
