import type { UserProfile } from '@tableserve/contract/auth';
import { PHONE_DIGITS, phoneDigits } from '@tableserve/contract/fields';
import { CreditCard, PencilLine, RotateCcw, Save, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { ReadOnlyField } from '@/components/ui/read-only-field';
import { LoadingScreen } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import type { FieldErrors } from '@/lib/field-errors';
import { OwnerOnly } from '@/session/owner/owner-only';
import type { OwnerSession } from '@/session/owner/owner-session';
import { useProfile, useUpdateProfile } from '../api/profile';
import {
  type EditableProfileField,
  initialsOf,
  PROFILE_FIELDS,
  type ProfileForm,
  profileFormFrom,
  validateProfileForm,
} from '../lib/profile-form';

/** User Profile (docs/product/accounts.md#owner-profile: view mode and edit mode). */
export function ProfilePage() {
  return <OwnerOnly>{(session) => <OwnerProfile session={session} />}</OwnerOnly>;
}

const subscriptionLink = (
  <Link to={paths.subscriptionDetails} className={buttonClasses({ variant: 'secondary' })}>
    <CreditCard className="size-4" aria-hidden />
    Subscription Details
  </Link>
);

function OwnerProfile({ session }: { session: OwnerSession }) {
  const profile = useProfile(session);

  useEffect(() => {
    // docs/product/accounts.md#owner-profile: a failed profile load is only logged.
    if (profile.error) console.error('Could not load the profile', profile.error);
  }, [profile.error]);

  if (profile.isPending) return <LoadingScreen label="Loading your profile" />;
  if (profile.isError) {
    return (
      <>
        <PageHeader eyebrow="Account" title="Your profile" actions={subscriptionLink} />
        <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
          <p className="max-w-md text-sm text-stone-600">Your profile isn't available right now.</p>
          <Button variant="secondary" onClick={() => void profile.refetch()} busy={profile.isFetching}>
            <RotateCcw className="size-4" aria-hidden />
            Try again
          </Button>
        </Card>
      </>
    );
  }
  return <ProfileCard session={session} profile={profile.data} />;
}

function ProfileCard({ session, profile }: { session: OwnerSession; profile: UserProfile }) {
  const formId = useId();
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<ProfileForm>(() => profileFormFrom(profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useUpdateProfile(session);

  function startEditing() {
    setForm(profileFormFrom(profile));
    setErrors({});
    setEditing(true);
  }

  function change(field: EditableProfileField, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: '' } : current));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const validation = validateProfileForm(form);
    if (!validation.ok) {
      setErrors(validation.errors);
      return;
    }
    save.mutate(validation.body, {
      onSuccess: () => setEditing(false),
      // docs/product/accounts.md#owner-profile: a failed update is only logged; the owner stays in edit mode to retry.
      onError: (error) => console.error('Could not update the profile', error),
    });
  }

  // Save Changes comes first so it takes Edit Profile's place. Distinct keys: the Save button
  // must be a new element, or the click that switches to edit mode could also submit the form.
  const actions = editing ? (
    <>
      <Button key="save" type="submit" form={formId} busy={save.isPending}>
        {!save.isPending && <Save className="size-4" aria-hidden />}
        Save Changes
      </Button>
      <Button key="cancel" variant="ghost" onClick={() => setEditing(false)} disabled={save.isPending}>
        <X className="size-4" aria-hidden />
        Cancel
      </Button>
    </>
  ) : (
    <Button key="edit" onClick={startEditing}>
      <PencilLine className="size-4" aria-hidden />
      Edit Profile
    </Button>
  );

  const shown = editing ? { ...profile, ...form } : profile;

  return (
    <>
      <PageHeader
        eyebrow="Account"
        title="Your profile"
        description="The owner details TableServe uses for your account and billing."
        actions={subscriptionLink}
      />
      <Card className="overflow-hidden">
        <div className="flex flex-col gap-4 border-b border-stone-100 bg-gradient-to-br from-brand-50 via-white to-white px-5 py-6 sm:flex-row sm:items-center sm:justify-between md:px-8">
          <div className="flex min-w-0 items-center gap-4">
            <span
              aria-hidden
              className="grid size-14 shrink-0 place-items-center rounded-2xl bg-brand-600 text-lg font-bold text-white shadow-sm"
            >
              {initialsOf(shown)}
            </span>
            <div className="min-w-0">
              <p className="truncate text-lg font-semibold text-stone-900">
                {`${shown.first_name} ${shown.last_name}`.trim() || 'Your name'}
              </p>
              <p className="truncate text-sm text-stone-600">{profile.email}</p>
            </div>
          </div>
          <div className="flex flex-wrap gap-2 sm:flex-row-reverse">{actions}</div>
        </div>

        {editing ? (
          <form
            id={formId}
            onSubmit={submit}
            noValidate
            aria-label="Edit profile"
            className="grid gap-4 px-5 py-6 md:grid-cols-2 md:gap-x-5 md:px-8 md:py-7"
          >
            {PROFILE_FIELDS.map((field) =>
              field.name === 'email' ? (
                <ReadOnlyField key={field.name} label={field.label} value={profile.email} />
              ) : (
                <TextField
                  key={field.name}
                  label={field.label}
                  name={field.name}
                  autoComplete={field.autoComplete}
                  required
                  value={form[field.name]}
                  error={errors[field.name] || undefined}
                  disabled={save.isPending}
                  className={field.name === 'address' ? 'md:col-span-2' : undefined}
                  {...(field.name === 'phone' && {
                    type: 'tel',
                    inputMode: 'numeric',
                    pattern: `\\d{${PHONE_DIGITS}}`,
                    hint: `${PHONE_DIGITS} digits, numbers only`,
                  })}
                  onChange={(event) =>
                    change(
                      field.name,
                      field.name === 'phone' ? phoneDigits(event.target.value) : event.target.value,
                    )
                  }
                />
              ),
            )}
          </form>
        ) : (
          <dl className="grid gap-px bg-stone-100 sm:grid-cols-2">
            {PROFILE_FIELDS.map((field) => (
              <div
                key={field.name}
                className={`bg-white px-5 py-4 md:px-8 ${field.name === 'address' ? 'sm:col-span-2' : ''}`}
              >
                <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">
                  {field.label}
                </dt>
                <dd className="mt-1 text-[0.9375rem] break-words text-stone-900">
                  {profile[field.name] || '—'}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </Card>
    </>
  );
}
