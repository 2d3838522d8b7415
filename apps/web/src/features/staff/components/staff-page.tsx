import { InviteStaffBody, type StaffMember, staffMessages, staffTexts } from '@tableserve/contract/staff';
import {
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  STAFF_ROLES,
  type StaffRole,
} from '@tableserve/contract/staff-roles';
import { MailPlus, Send, Trash2, UserPlus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { control, TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingScreen } from '@/components/ui/spinner';
import { ApiRequestError } from '@/lib/api-client';
import type { BannerMessage } from '@/lib/banner-message';
import { cn } from '@/lib/cn';
import { formatRestaurantDate } from '@/lib/restaurant-dates';
import { OwnerOnly } from '@/session/owner/owner-only';
import type { OwnerSession } from '@/session/owner/owner-session';
import {
  useChangeStaffRole,
  useInviteStaff,
  useRemoveStaff,
  useResendInvitation,
  useStaffList,
} from '../api/staff';

const selectClasses = cn(control, 'min-h-[2.875rem] appearance-auto pr-2');

/** The server's own words when it gave a reason, else a general failure. */
const failure = (error: unknown): BannerMessage => ({
  type: 'error',
  text: (error instanceof ApiRequestError && error.serverMessage) || staffMessages.failed,
});

/** The Staff screen (docs/product/staff.md#staff-accounts): invite, list, change a role, resend, remove. */
export function StaffPage() {
  return <OwnerOnly>{(session) => <Staff session={session} />}</OwnerOnly>;
}

function Staff({ session }: { session: OwnerSession }) {
  const [message, setMessage] = useState<BannerMessage | null>(null);
  const report = {
    done: (text: string) => setMessage({ type: 'success', text }),
    failed: (error: unknown) => setMessage(failure(error)),
  };
  return (
    <>
      <PageHeader eyebrow="Team" title={staffTexts.title} description={staffTexts.intro} />
      {message && (
        <Alert type={message.type} className="mt-6">
          {message.text}
        </Alert>
      )}
      <div className="mt-6 flex flex-col gap-6">
        <InviteForm session={session} report={report} />
        <Team session={session} report={report} />
      </div>
    </>
  );
}

type Report = { done: (text: string) => void; failed: (error: unknown) => void };

function InviteForm({ session, report }: { session: OwnerSession; report: Report }) {
  const headingId = useId();
  const roleId = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('server');
  const [errors, setErrors] = useState<Partial<Record<'name' | 'email', string>>>({});
  const invite = useInviteStaff(session);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (invite.isPending) return;
    const checked = InviteStaffBody.safeParse({ name, email, role });
    if (!checked.success) {
      const fieldErrors = checked.error.issues.map((issue) => [issue.path[0], issue.message] as const);
      setErrors(Object.fromEntries(fieldErrors.reverse()));
      return;
    }
    setErrors({});
    invite.mutate(checked.data, {
      onSuccess: (text) => {
        report.done(text);
        setName('');
        setEmail('');
      },
      onError: report.failed,
    });
  }

  return (
    <Card className="p-5 md:p-6">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <UserPlus className="size-5 text-brand-700" aria-hidden />
        {staffTexts.inviteHeading}
      </h2>
      <form
        onSubmit={submit}
        noValidate
        aria-labelledby={headingId}
        // Aligned at the top, so one field's error under it leaves the others in line.
        // The email gets the wider column, so an address shows whole while it is typed.
        className="mt-5 grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.5fr)]"
      >
        <TextField
          label={staffTexts.name}
          name="name"
          autoComplete="off"
          value={name}
          error={errors.name}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label={staffTexts.email}
          name="email"
          type="email"
          autoComplete="off"
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={roleId} className="text-sm font-medium text-stone-700">
            {staffTexts.role}
          </label>
          <RoleSelect id={roleId} value={role} onChange={setRole} />
        </div>
        <Button
          type="submit"
          busy={invite.isPending}
          // Level with the fields: below where their labels are, as tall as they are.
          className="lg:mt-[1.625rem] lg:min-h-[2.875rem] lg:justify-self-start"
        >
          {!invite.isPending && <Send className="size-4" aria-hidden />}
          {invite.isPending ? staffTexts.inviting : staffTexts.invite}
        </Button>
      </form>
      <RoleGuide />
    </Card>
  );
}

/** A line per role, so whoever invites knows what they give (docs/product/staff.md#roles). */
function RoleGuide() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-stone-100 pt-5">
      <h3 id={headingId} className="text-sm font-semibold text-stone-800">
        {staffTexts.rolesHeading}
      </h3>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[7rem_minmax(0,1fr)]">
        {STAFF_ROLES.map((role) => (
          <div key={role} className="contents">
            <dt className="font-medium text-stone-800">{ROLE_LABELS[role]}</dt>
            <dd className="mb-2 text-stone-600 sm:mb-0">{ROLE_DESCRIPTIONS[role]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function RoleSelect({
  value,
  onChange,
  className,
  ...rest
}: {
  value: StaffRole;
  onChange: (role: StaffRole) => void;
  id?: string;
  'aria-label'?: string;
  className?: string;
}) {
  return (
    <select
      {...rest}
      value={value}
      onChange={(event) => onChange(event.target.value as StaffRole)}
      className={cn(selectClasses, className)}
    >
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

function Team({ session, report }: { session: OwnerSession; report: Report }) {
  const list = useStaffList(session);
  const changeRole = useChangeStaffRole(session);
  const resend = useResendInvitation(session);
  const remove = useRemoveStaff(session);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  // A role picked in a row's select, waiting for its confirmation; the select shows it meanwhile.
  const [changing, setChanging] = useState<{ member: StaffMember; role: StaffRole } | null>(null);
  const callbacks = { onSuccess: report.done, onError: report.failed };

  if (list.isPending) return <LoadingScreen label="Loading your team" />;
  if (list.isError) return <Alert type="error">{failure(list.error).text}</Alert>;
  const { members, timezone } = list.data;

  return (
    <Card className="p-5 md:p-6">
      <h2 className="text-lg font-semibold">{staffTexts.listHeading}</h2>
      {members.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">{staffTexts.empty}</p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-100">
          {members.map((member) => (
            <li
              key={member.staff_id}
              className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 xl:flex-row xl:items-center xl:justify-between xl:gap-6"
            >
              {/* Long names and addresses wrap rather than push the row's actions away. */}
              <div className="min-w-0 xl:flex-1">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-stone-900">
                  <span className="min-w-0 [overflow-wrap:anywhere]">{member.name}</span>
                  <span
                    className={cn(
                      'rounded-full px-2 py-0.5 text-xs font-semibold',
                      member.status === 'active'
                        ? 'bg-emerald-50 text-emerald-800'
                        : 'bg-amber-50 text-amber-800',
                    )}
                  >
                    {staffTexts.status[member.status]}
                  </span>
                </p>
                <p className="text-sm text-stone-600 [overflow-wrap:anywhere]">{member.email}</p>
                <p className="text-xs text-stone-500">
                  {staffTexts.invitedOn(formatRestaurantDate(member.invited_at, timezone))}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2 xl:shrink-0">
                <RoleSelect
                  className="sm:w-40"
                  aria-label={staffTexts.roleOf(member.name)}
                  value={changing?.member.staff_id === member.staff_id ? changing.role : member.role}
                  onChange={(role) => role !== member.role && setChanging({ member, role })}
                />
                {member.status === 'invited' && (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={staffTexts.resendOf(member.name)}
                    onClick={() => resend.mutate(member.staff_id, callbacks)}
                    className="min-h-11"
                  >
                    <MailPlus className="size-4" aria-hidden />
                    {staffTexts.resend}
                  </Button>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={staffTexts.removeOf(member.name)}
                  onClick={() => setRemoving(member)}
                  className="min-h-11 min-w-11 text-red-700 hover:bg-red-50"
                >
                  <Trash2 className="size-4" aria-hidden />
                  {staffTexts.remove}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={changing !== null}
        onClose={() => setChanging(null)}
        title={changing ? staffTexts.confirmRoleTitle(changing.member.name, ROLE_LABELS[changing.role]) : ''}
        className="max-w-md"
        footer={
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setChanging(null)}>
              {staffTexts.cancel}
            </Button>
            <Button
              busy={changeRole.isPending}
              onClick={() =>
                changing &&
                changeRole.mutate(
                  { staffId: changing.member.staff_id, role: changing.role },
                  { ...callbacks, onSettled: () => setChanging(null) },
                )
              }
            >
              {changing && staffTexts.confirmRoleButton(ROLE_LABELS[changing.role])}
            </Button>
          </div>
        }
      >
        {changing && (
          <div className="flex flex-col gap-3 text-sm leading-6 text-stone-700">
            <p>
              <span className="font-semibold text-stone-900">{ROLE_LABELS[changing.role]}:</span>{' '}
              {ROLE_DESCRIPTIONS[changing.role]}
            </p>
            <p>{staffTexts.confirmRole}</p>
          </div>
        )}
      </Modal>
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={staffTexts.confirmRemoveTitle}
        className="max-w-md"
        footer={
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setRemoving(null)}>
              {staffTexts.cancel}
            </Button>
            <Button
              variant="danger"
              busy={remove.isPending}
              onClick={() =>
                removing &&
                remove.mutate(removing.staff_id, {
                  ...callbacks,
                  onSettled: () => setRemoving(null),
                })
              }
            >
              {staffTexts.remove}
            </Button>
          </div>
        }
      >
        <p className="text-sm leading-6 text-stone-700">
          {removing && staffTexts.confirmRemove(removing.name)}
        </p>
      </Modal>
    </Card>
  );
}
