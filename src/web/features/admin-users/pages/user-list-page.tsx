import { useState, type FormEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { Link, useSearchParams } from 'react-router';
import { canDeleteUser, canManageUsers, type Actor } from '#shared/permissions.ts';
import type { User } from '#shared/schemas/user.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Pagination } from '#web/components/pagination.tsx';
import { actorOf, useSignedInUser } from '#web/lib/session.ts';
import { useDeleteUser, useUsers } from '../api/users.ts';
import { DocumentLinks } from '../components/document-links.tsx';
import { PageHead } from '#web/components/page-head.tsx';
import { formatPhone } from '#shared/phone.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { proofLabels } from '#web/features/auth/index.ts';
import { roleLabel } from '../components/role-label.ts';
import { isIdentityProofType } from '#shared/accounts.ts';

/** /admin/userlist (docs/product/screens.md Users table): Admin and Auditor; only Admin edits and deletes. */
export function UserListPage() {
  const me = useSignedInUser();
  return <UserList me={actorOf(me)} />;
}

/**
 * The Edit and Delete column stays in view at the right edge while the wide table scrolls sideways, so an
 * admin never has to scroll to act on a row. Opaque, so the cells it passes over do not show through.
 */
const STICKY_END = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  backgroundColor: 'var(--bs-body-bg)',
  boxShadow: 'inset 1px 0 0 var(--bs-border-color)',
} as const;

const addressOf = (u: User) => [u.address, u.city, u.state, u.country].filter(Boolean).join(', ');
const dash = (v: string | null) => (v ? v : <span className="text-body-secondary">—</span>);

function UserList({ me }: { me: Actor }) {
  const t = useT();
  const proofs = proofLabels(t);
  const proofName = (proof: string | null) =>
    proof && isIdentityProofType(proof) ? proofs[proof].label : proof;
  const canEdit = canManageUsers(me);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const keyword = params.get('keyword') ?? '';
  const users = useUsers(page, keyword);
  const remove = useDeleteUser();
  const [draft, setDraft] = useState(keyword);

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams();
    if (draft.trim()) next.set('keyword', draft.trim());
    setParams(next);
  };
  const hrefFor = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    return `?${next.toString()}`;
  };
  const onDelete = (user: User) => {
    // docs/product/messages.md: 'Are you sure?' before every delete.
    if (window.confirm(t('adminUsers.list.confirmDelete'))) remove.mutate(user._id);
  };

  return (
    <section>
      <PageHead title={t('adminUsers.list.pageTitle')} />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{t('adminUsers.list.heading')}</h1>
        <form role="search" className="d-flex gap-2" onSubmit={onSearch}>
          <input
            type="search"
            className="form-control form-control-sm"
            placeholder={t('adminUsers.list.searchPlaceholder')}
            aria-label={t('adminUsers.list.searchLabel')}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="btn btn-sm btn-outline-primary">
            {t('adminUsers.list.search')}
          </button>
        </form>
      </div>
      {!canEdit ? (
        <Message variant="secondary" className="small py-2">
          {t('adminUsers.list.readOnly')}
        </Message>
      ) : null}
      <ErrorAlert error={remove.error} />
      {remove.isSuccess ? <Message variant="success">{remove.data.message}</Message> : null}
      <ErrorAlert error={users.error} />
      {users.isPending ? (
        <Loader />
      ) : users.data && users.data.users.length === 0 ? (
        <Message>{t('adminUsers.list.empty')}</Message>
      ) : users.data ? (
        <>
          {/* Positioned, so the visually hidden header text stays inside the scrolling box on phones. */}
          <div className="table-responsive position-relative mb-2">
            <Table
              striped
              hover
              size="sm"
              className="align-middle small mb-0"
              aria-busy={users.isFetching || undefined}
            >
              <thead>
                <tr className="text-nowrap">
                  <th scope="col">{t('adminUsers.list.name')}</th>
                  <th scope="col">{t('adminUsers.list.roles')}</th>
                  <th scope="col">{t('adminUsers.list.businessRegNo')}</th>
                  <th scope="col">{t('adminUsers.list.bankAccount')}</th>
                  <th scope="col">{t('adminUsers.list.idProof')}</th>
                  <th scope="col">{t('adminUsers.list.verificationDocs')}</th>
                  <th scope="col">{t('adminUsers.list.address')}</th>
                  {canEdit ? (
                    <th scope="col" style={STICKY_END}>
                      <span className="visually-hidden">{t('adminUsers.list.actions')}</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {users.data.users.map((u) => (
                  <tr key={u._id}>
                    {/* Name, e-mail, mobile and id in one cell: the columns fit a 1366 px screen (ADR 0134). */}
                    <th scope="row" className="fw-normal" style={{ minWidth: '11rem', maxWidth: '16rem' }}>
                      <div>{u.name}</div>
                      <div className="text-break">
                        <a href={`mailto:${u.email}`}>{u.email}</a>
                      </div>
                      {u.phone ? (
                        <div className="text-body-secondary text-nowrap">
                          {formatPhone(u.phone, u.country)}
                        </div>
                      ) : null}
                      <code className="small text-nowrap" title={u._id}>
                        {t('adminUsers.list.id', { id: u._id.slice(0, 8) })}
                      </code>
                    </th>
                    <td>
                      <div>{u.role.map((r) => roleLabel(r, t)).join(', ')}</div>
                      <div>
                        {u.active ? (
                          <Badge bg="success">{t('adminUsers.list.active')}</Badge>
                        ) : (
                          <Badge bg="warning" text="dark">
                            {t('adminUsers.list.inactive')}
                          </Badge>
                        )}{' '}
                        <span className="text-body-secondary" title={t('adminUsers.list.currency')}>
                          {u.currency}
                        </span>
                      </div>
                    </td>
                    <td>{dash(u.buisnessRegistrationCode)}</td>
                    <td>{dash(u.bank_account)}</td>
                    <td>
                      <div>{dash(proofName(u.identifyProof))}</div>
                      {u.identifyProofNumber ? <div>{u.identifyProofNumber}</div> : null}
                    </td>
                    <td>
                      <DocumentLinks userId={u._id} labels={u.verificationDocs} />
                    </td>
                    <td style={{ minWidth: '10rem' }}>{addressOf(u)}</td>
                    {canEdit ? (
                      <td className="text-nowrap" style={STICKY_END}>
                        <Link
                          to={`/admin/user/${u._id}/edit`}
                          className="btn btn-outline-primary btn-sm me-1"
                          aria-label={t('adminUsers.list.editUser', { name: u.name })}
                        >
                          {t('adminUsers.list.edit')}
                        </Link>
                        <button
                          type="button"
                          className="btn btn-outline-danger btn-sm"
                          onClick={() => onDelete(u)}
                          disabled={
                            !canDeleteUser(me, u._id) || (remove.isPending && remove.variables === u._id)
                          }
                          aria-label={t('adminUsers.list.deleteUser', { name: u.name })}
                        >
                          {t('adminUsers.list.delete')}
                        </button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
          <p className="small text-body-secondary mb-0">
            {t('adminUsers.list.total', { count: users.data.total })}
          </p>
          <Pagination
            page={users.data.page}
            pages={users.data.pages}
            hrefFor={hrefFor}
            label={t('adminUsers.list.pages')}
          />
        </>
      ) : null}
    </section>
  );
}
