import { zodResolver } from '@hookform/resolvers/zod';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { includesSellerRole } from '#shared/roles.ts';
import { adminUserForm, type AdminUserForm, type User } from '#shared/schemas/user.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { FormContainer } from '#web/components/form-container.tsx';
import { SubmitButton, TextField } from '#web/components/form-field.tsx';
import { Loader } from '#web/components/loader.tsx';
import { applyFieldErrors } from '#web/lib/form-errors.ts';
import { useRoles, useUpdateUser, useUser } from '../api/users.ts';
import { DocumentLinks } from '../components/document-links.tsx';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { proofLabels } from '#web/features/auth/index.ts';
import { roleLabel } from '../components/role-label.ts';
import { isIdentityProofType } from '#shared/accounts.ts';

/** /admin/user/:id/edit (docs/product/screens.md Edit User): name, e-mail, roles, active. Admin only. */
export function UserEditPage() {
  return <UserEdit />;
}

function UserEdit() {
  const t = useT();
  const { id = '' } = useParams();
  const user = useUser(id);
  return (
    <FormContainer wide>
      <PageHead title={t('adminUsers.edit.pageTitle')} />
      <p className="mb-2">
        <Link to="/admin/userlist">{t('adminUsers.edit.back')}</Link>
      </p>
      <h1 className="h3 mb-3">{t('adminUsers.edit.heading')}</h1>
      <ErrorAlert error={user.error} />
      {user.isPending ? <Loader /> : user.data ? <EditForm key={user.data._id} user={user.data} /> : null}
    </FormContainer>
  );
}

function EditForm({ user }: { user: User }) {
  const t = useT();
  const navigate = useNavigate();
  const roles = useRoles();
  const update = useUpdateUser(user._id);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<AdminUserForm>({
    resolver: zodResolver(adminUserForm),
    defaultValues: { name: user.name, email: user.email, role: user.role, active: user.active },
  });
  const sellerBeingActivated = !user.active && watch('active') && includesSellerRole(watch('role'));

  const onSubmit = handleSubmit((values) =>
    update.mutate(
      { _id: user._id, ...values },
      {
        onSuccess: () => void navigate('/admin/userlist'),
        onError: (error) => applyFieldErrors(error, setError, ['name', 'email', 'role', 'active']),
      },
    ),
  );

  const isSellerAccount = includesSellerRole(user.role);

  return (
    <form onSubmit={onSubmit} noValidate>
      <ErrorAlert error={update.error} />
      <TextField
        label={t('adminUsers.edit.name')}
        autoComplete="off"
        {...register('name')}
        error={errors.name?.message}
      />
      <TextField
        label={t('adminUsers.edit.email')}
        type="email"
        autoComplete="off"
        {...register('email')}
        error={errors.email?.message}
      />
      <fieldset className="mb-3" aria-describedby={errors.role ? 'roles-error' : undefined}>
        <legend className="form-label fs-6 mb-1">{t('adminUsers.edit.roles')}</legend>
        <ErrorAlert error={roles.error} />
        {roles.isPending ? <Loader inline label={t('adminUsers.edit.loadingRoles')} /> : null}
        <div className="d-flex flex-wrap gap-3">
          {roles.data?.map((r) => (
            <Form.Check
              key={r._id}
              type="checkbox"
              id={`role-${r._id}`}
              label={roleLabel(r.name, t)}
              value={r.name}
              {...register('role')}
            />
          ))}
        </div>
        {errors.role ? (
          <div id="roles-error" className="invalid-feedback d-block">
            {errors.role.message}
          </div>
        ) : null}
      </fieldset>
      <Form.Check
        type="switch"
        id="user-active"
        label={t('adminUsers.edit.isActive')}
        className="mb-3"
        {...register('active')}
      />
      {sellerBeingActivated ? (
        <Message variant="info" className="small">
          {t('adminUsers.edit.activatesSeller')}
        </Message>
      ) : null}
      {isSellerAccount ? (
        <div className="border rounded p-3 mb-3 small">
          <h2 className="h6">{t('adminUsers.edit.sellerDetails')}</h2>
          <dl className="row mb-0">
            <dt className="col-sm-5">{t('adminUsers.edit.businessRegNo')}</dt>
            <dd className="col-sm-7">{user.buisnessRegistrationCode ?? '—'}</dd>
            <dt className="col-sm-5">{t('adminUsers.edit.bankAccount')}</dt>
            <dd className="col-sm-7">{user.bank_account ?? '—'}</dd>
            <dt className="col-sm-5">{t('adminUsers.edit.identityProof')}</dt>
            <dd className="col-sm-7">
              {user.identifyProof && isIdentityProofType(user.identifyProof)
                ? proofLabels(t)[user.identifyProof].label
                : (user.identifyProof ?? '—')}{' '}
              {user.identifyProofNumber ?? ''}
            </dd>
            <dt className="col-sm-5">{t('adminUsers.edit.verificationDocs')}</dt>
            <dd className="col-sm-7">
              <DocumentLinks userId={user._id} labels={user.verificationDocs} />
            </dd>
          </dl>
        </div>
      ) : null}
      <SubmitButton pending={update.isPending} pendingLabel={t('adminUsers.edit.saving')}>
        {t('adminUsers.edit.submit')}
      </SubmitButton>
    </form>
  );
}
