import { useState } from 'react';
import { formatPhone } from '#shared/phone.ts';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useSearchParams } from 'react-router';
import { canManageUsers } from '#shared/permissions.ts';
import type { User } from '#shared/schemas/user.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Pagination } from '#web/components/pagination.tsx';
import { DocumentLinks, useUpdateUser } from '#web/features/admin-users/index.ts';
import { ConfirmDialog } from '#web/features/seller-products/index.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { actorOf, useSignedInUser } from '#web/lib/session.ts';
import { usePendingSellers } from '../api/dashboards.ts';
import { proofLabels } from '#web/features/auth/index.ts';
import { isIdentityProofType } from '#shared/accounts.ts';
import { PageHead } from '#web/components/page-head.tsx';

/**
 * /admin/sellers/pending: seller accounts waiting for approval, oldest first, with what an Admin checks
 * before approving (identity, business and bank details, the KYC documents behind signed links).
 * Approving is the users table's own update (it also sends the seller-verified e-mail once);
 * docs/decisions/0115-seller-and-operator-views.md.
 */
export function PendingSellersPage() {
  const t = useT();
  const me = actorOf(useSignedInUser());
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = usePendingSellers(page);
  // An approved seller leaves the queue at once; say so above it, or the card would just vanish.
  const [approved, setApproved] = useState<string[]>([]);

  return (
    <section>
      <PageHead title={t('dashboards.pendingSellers.headTitle')} />
      <h1 className="h3 mb-3">{t('dashboards.pendingSellers.heading')}</h1>
      {approved.length > 0 ? (
        <Message variant="success">
          {t('dashboards.pendingSellers.approved', { names: approved.join(', ') })}
        </Message>
      ) : null}
      {list.isPending ? (
        <Loader label={t('dashboards.pendingSellers.loading')} />
      ) : list.error ? (
        <ErrorAlert error={list.error} />
      ) : list.data.users.length === 0 ? (
        <Message variant="success">{t('dashboards.pendingSellers.empty')}</Message>
      ) : (
        <>
          <p className="small text-body-secondary">
            {t('dashboards.pendingSellers.waiting', { count: list.data.total })}
          </p>
          <div className="row row-cols-1 row-cols-lg-2 g-3">
            {list.data.users.map((u) => (
              <div className="col" key={u._id}>
                <PendingSeller
                  user={u}
                  canApprove={canManageUsers(me)}
                  onApproved={(name) => setApproved((names) => [...names, name])}
                />
              </div>
            ))}
          </div>
          <Pagination
            page={list.data.page}
            pages={list.data.pages}
            hrefFor={(n) => `?page=${n}`}
            label={t('dashboards.pendingSellers.pages')}
          />
        </>
      )}
    </section>
  );
}

function PendingSeller({
  user: u,
  canApprove,
  onApproved,
}: {
  user: User;
  canApprove: boolean;
  onApproved: (name: string) => void;
}) {
  const t = useT();
  const update = useUpdateUser(u._id);
  const [confirming, setConfirming] = useState(false);
  const titleId = `seller-${u._id}`;
  const dash = (v: string | null) => v || '—';

  return (
    <Card as="article" aria-labelledby={titleId} className="h-100">
      <Card.Body className="small">
        <h2 id={titleId} className="h6 mb-1">
          {u.shop?.shopName ? `${u.shop.shopName} (${u.name})` : u.name}
        </h2>
        <p className="text-body-secondary mb-2">
          {t('dashboards.pendingSellers.registered', {
            roles: u.role.join(', '),
            date: formatDateTime(u.createdAt, t.language.intl),
          })}
        </p>
        <dl className="row mb-2 gx-2">
          <dt className="col-5">{t('dashboards.pendingSellers.email')}</dt>
          <dd className="col-7 text-break">
            <a href={`mailto:${u.email}`}>{u.email}</a>
          </dd>
          <dt className="col-5">{t('dashboards.pendingSellers.phone')}</dt>
          <dd className="col-7">
            {u.phone ? <a href={`tel:${u.phone}`}>{formatPhone(u.phone, u.country)}</a> : '—'}
          </dd>
          <dt className="col-5">{t('dashboards.pendingSellers.address')}</dt>
          <dd className="col-7">{[u.address, u.city, u.state, u.country].filter(Boolean).join(', ')}</dd>
          <dt className="col-5">{t('dashboards.pendingSellers.businessReg')}</dt>
          <dd className="col-7 text-break">{dash(u.buisnessRegistrationCode)}</dd>
          <dt className="col-5">{t('dashboards.pendingSellers.bankAccount')}</dt>
          <dd className="col-7 text-break">{dash(u.bank_account)}</dd>
          <dt className="col-5">{t('dashboards.pendingSellers.identityProof')}</dt>
          <dd className="col-7">
            {u.identifyProof && isIdentityProofType(u.identifyProof)
              ? proofLabels(t)[u.identifyProof].label
              : dash(u.identifyProof)}{' '}
            {u.identifyProofNumber ?? ''}
          </dd>
          <dt className="col-5">{t('dashboards.pendingSellers.verificationDocs')}</dt>
          <dd className="col-7">
            <DocumentLinks userId={u._id} labels={u.verificationDocs} />
          </dd>
        </dl>
        <ErrorAlert error={update.error} className="py-2" />
      </Card.Body>
      {canApprove ? (
        <Card.Footer className="bg-body d-flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setConfirming(true)} disabled={update.isPending}>
            {t('dashboards.pendingSellers.approve')}
          </Button>
          <Link className="btn btn-sm btn-outline-primary" to={`/admin/user/${u._id}/edit`}>
            {t('dashboards.pendingSellers.openInUsers')}
          </Link>
        </Card.Footer>
      ) : null}
      <ConfirmDialog
        show={confirming}
        title={t('dashboards.pendingSellers.confirmTitle', { name: u.shop?.shopName ?? u.name })}
        message={t('dashboards.pendingSellers.confirmMessage')}
        confirmLabel={t('dashboards.pendingSellers.confirmLabel')}
        pending={update.isPending}
        onConfirm={() =>
          update.mutate(
            { name: u.name, email: u.email, role: u.role, active: true },
            {
              onSuccess: () => onApproved(u.shop?.shopName ?? u.name),
              onSettled: () => setConfirming(false),
            },
          )
        }
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
