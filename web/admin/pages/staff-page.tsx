import { useState } from 'react';
import type * as z from 'zod/mini';
import {
  cancelInvite,
  changeStaffRole,
  inviteStaff,
  listStaff,
  resetStaffTwoFactor,
  revokeStaff,
} from '../../../shared/api/staff';
import { type ApiStaffMember, inviteStaff as inviteSchemas } from '../../../shared/api/staff.schemas';
import {
  type StaffRole,
  staffRoleDescriptions,
  staffRoleLabels,
  staffRoles,
} from '../../../shared/staff-roles';
import { SelectField, TextField } from '../../components/forms/form-field';
import { reportSubmitError } from '../../components/forms/submit-error';
import { formatDayAndTime } from '../../lib/dates';
import { useForm, zodResolver } from '../../lib/form';
import { toast } from '../../lib/toast';
import { useStaff } from '../app/staff-context';
import { useConfirm } from '../components/confirm-dialog';
import { type Column, DataTable } from '../components/data-table';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';

type InviteValues = z.input<typeof inviteSchemas.body>;

/** The invitation form, and what each role may do. */
function InviteSection({ onInvited }: { onInvited: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InviteValues>({
    resolver: zodResolver(inviteSchemas.body),
    mode: 'onTouched',
    defaultValues: { email: '', role: 'catalogue' },
  });

  const onInvite = handleSubmit(async (values) => {
    try {
      const invite = await adminApi.call(inviteStaff, { body: values });
      toast.success(`Invitation sent to ${invite.email}. The link works for 72 hours.`, { autoClose: 5000 });
      reset();
      onInvited();
    } catch (error) {
      reportSubmitError(error, setError, ['email', 'role']);
    }
  });

  return (
    <section className="panel" aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite a staff member</h2>
      <form className="toolbar" noValidate onSubmit={onInvite}>
        <TextField
          className="grow"
          label="Email"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <SelectField label="Role" error={errors.role?.message} {...register('role')}>
          {staffRoles.map((role) => (
            <option key={role} value={role}>
              {staffRoleLabels[role]}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send invitation'}
        </button>
      </form>
      <ul className="role-legend">
        {staffRoles.map((role) => (
          <li key={role}>
            <strong>{staffRoleLabels[role]}:</strong> {staffRoleDescriptions[role]}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The team's columns; nobody changes their own role or access here. */
function memberColumns({
  profileId,
  busy,
  onRole,
  onResetTwoFactor,
  onRevoke,
}: {
  profileId: string;
  busy: string | null;
  onRole: (member: ApiStaffMember, role: StaffRole) => Promise<void>;
  onResetTwoFactor: (member: ApiStaffMember) => Promise<void>;
  onRevoke: (member: ApiStaffMember) => Promise<void>;
}): Column<ApiStaffMember>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      render: (member) => (
        <>
          <strong>
            {member.firstname} {member.lastname}
          </strong>
          {member._id === profileId && <span className="badge">You</span>}
          <br />
          <span className="muted">{member.email}</span>
        </>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      render: (member) =>
        member.revokedAt || member._id === profileId ? (
          staffRoleLabels[member.role]
        ) : (
          <select
            className="form-input form-select compact"
            aria-label={`Role of ${member.firstname} ${member.lastname}`}
            value={member.role}
            disabled={busy === member._id}
            onChange={(event) => void onRole(member, event.target.value as StaffRole)}
          >
            {staffRoles.map((role) => (
              <option key={role} value={role}>
                {staffRoleLabels[role]}
              </option>
            ))}
          </select>
        ),
    },
    {
      key: 'twoFactor',
      header: 'Two-factor',
      render: (member) =>
        member.twoFactorEnabled ? (
          <span className="badge badge--success">On</span>
        ) : (
          <span className="badge badge--muted">Off</span>
        ),
    },
    {
      key: 'lastLogin',
      header: 'Last sign-in',
      render: (member) => (member.lastLoginAt ? formatDayAndTime(member.lastLoginAt) : 'Never'),
    },
    {
      key: 'status',
      header: 'Status',
      render: (member) =>
        member.revokedAt ? (
          <span className="badge badge--danger">Revoked {formatDayAndTime(member.revokedAt)}</span>
        ) : (
          <span className="badge badge--success">Active</span>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (member) =>
        member.revokedAt || member._id === profileId ? null : (
          <div className="row-actions">
            {member.twoFactorEnabled && (
              <button
                type="button"
                className="button button--small"
                disabled={busy === member._id}
                onClick={() => void onResetTwoFactor(member)}
              >
                Reset two-factor
              </button>
            )}
            <button
              type="button"
              className="button button--small button--danger"
              disabled={busy === member._id}
              onClick={() => void onRevoke(member)}
            >
              Revoke
            </button>
          </div>
        ),
    },
  ];
}

/** Owners: who is on the staff, with what role; invitations; revoking access. */
export default function StaffPage() {
  const { profile } = useStaff();
  const confirm = useConfirm();
  const team = useAdminQuery((signal) => adminApi.call(listStaff, { signal }), []);
  const [busy, setBusy] = useState<string | null>(null);

  async function act(key: string, run: () => Promise<unknown>, done: string) {
    setBusy(key);
    try {
      await run();
      toast.success(done, { autoClose: 4000 });
      team.reload();
    } catch (error) {
      reportSubmitError(error);
    } finally {
      setBusy(null);
    }
  }

  const onRole = async (member: ApiStaffMember, role: StaffRole) => {
    const ok = await confirm({
      title: `Make ${member.firstname} ${staffRoleLabels[role]}?`,
      message: `${staffRoleDescriptions[role]} It applies from their next click.`,
      confirmLabel: 'Change role',
    });
    if (!ok) {
      team.reload();
      return;
    }
    await act(
      member._id,
      () => adminApi.call(changeStaffRole, { params: { id: member._id }, body: { role } }),
      'Role changed.',
    );
  };

  const onRevoke = async (member: ApiStaffMember) => {
    const ok = await confirm({
      title: `Revoke ${member.firstname} ${member.lastname}'s access?`,
      message:
        'They are signed out everywhere at once and cannot sign in again. The audit trail keeps what they did.',
      confirmLabel: 'Revoke access',
      danger: true,
    });
    if (ok)
      await act(
        member._id,
        () => adminApi.call(revokeStaff, { params: { id: member._id } }),
        'Access revoked.',
      );
  };

  const onResetTwoFactor = async (member: ApiStaffMember) => {
    const ok = await confirm({
      title: `Turn off two-factor sign-in for ${member.firstname}?`,
      message:
        'Only when they lost their phone and their recovery codes. They are signed out and set it up again at their next sign-in.',
      confirmLabel: 'Turn it off',
      danger: true,
    });
    if (ok) {
      await act(
        member._id,
        () => adminApi.call(resetStaffTwoFactor, { params: { id: member._id } }),
        'Two-factor sign-in turned off.',
      );
    }
  };

  const members = team.data?.staff ?? [];
  return (
    <>
      <PageHeader
        title="Staff"
        description="Everyone who can use this console, and what their role lets them do."
      />
      {team.error && <LoadError message={team.error} onRetry={team.reload} />}
      <InviteSection onInvited={team.reload} />

      {(team.data?.invites.length ?? 0) > 0 && (
        <section className="panel" aria-labelledby="pending-heading">
          <h2 id="pending-heading">Pending invitations</h2>
          <DataTable
            caption="Pending invitations"
            rows={team.data!.invites}
            rowKey={(invite) => invite._id}
            columns={[
              { key: 'email', header: 'Email', render: (invite) => invite.email },
              { key: 'role', header: 'Role', render: (invite) => staffRoleLabels[invite.role] },
              {
                key: 'expires',
                header: 'Link expires',
                render: (invite) => formatDayAndTime(invite.expiresAt),
              },
              {
                key: 'actions',
                header: 'Actions',
                align: 'end',
                render: (invite) => (
                  <button
                    type="button"
                    className="button button--small"
                    disabled={busy === invite._id}
                    onClick={() =>
                      act(
                        invite._id,
                        () => adminApi.call(cancelInvite, { params: { id: invite._id } }),
                        'Invitation cancelled.',
                      )
                    }
                  >
                    Cancel invitation
                  </button>
                ),
              },
            ]}
          />
        </section>
      )}

      <DataTable
        caption="Staff members"
        loading={team.loading}
        rows={members}
        rowKey={(member) => member._id}
        empty="No staff yet."
        columns={memberColumns({ profileId: profile._id, busy, onRole, onResetTwoFactor, onRevoke })}
      />
    </>
  );
}
