import {
  type DeviceSummary,
  type PairingCodeResponse,
  deviceScreenMessages as text,
} from '@tableserve/contract/devices';
import { DEVICE_ROLES, type DeviceRole, ROLE_LABELS } from '@tableserve/contract/staff-roles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { QrModulesImage } from '@/components/qr-modules-image';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { control, TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { PageHeader } from '@/components/ui/page-header';
import { ApiRequestError } from '@/lib/api-client';
import { formatRestaurantDate, formatRestaurantDateTime } from '@/lib/restaurant-dates';
import { LeaveSession } from '@/session/owner/leave-session';
import { OwnerOnly } from '@/session/owner/owner-only';
import { isRefusedToken, type OwnerSession, readRestaurantId } from '@/session/owner/owner-session';
import { createPairingCode, listDevices, revokeDevice } from '../api/devices-api';
import { timeLeft } from '../lib/countdown';

const messageOf = (error: unknown) =>
  error instanceof ApiRequestError ? (error.serverMessage ?? error.message) : String(error);

/** /dashboard/devices (docs/product/staff.md#paired-devices): pair a tablet, list and revoke devices. */
export function DevicesPage() {
  const [restaurantId] = useState(readRestaurantId);
  return (
    <OwnerOnly>
      {(session) => (
        <div className="flex flex-col gap-6">
          <PageHeader title={text.title} description={text.intro} />
          {restaurantId !== null && <Devices session={session} restaurantId={restaurantId} />}
        </div>
      )}
    </OwnerOnly>
  );
}

function Devices({ session, restaurantId }: { session: OwnerSession; restaurantId: number }) {
  const queryKey = ['devices', restaurantId];
  const devices = useQuery({ queryKey, queryFn: () => listDevices(session.token, restaurantId) });
  if (devices.isError && isRefusedToken(devices.error)) return <LeaveSession />;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
      <PairingCard session={session} restaurantId={restaurantId} />
      <Card className="p-6">
        <h2 className="text-lg font-semibold">{text.listHeading}</h2>
        {devices.isError && (
          <Alert type="error" className="mt-4">
            {text.loadFailed}
          </Alert>
        )}
        {devices.data?.devices.length === 0 && <p className="mt-4 text-stone-600">{text.empty}</p>}
        <ul className="mt-4 divide-y divide-stone-200">
          {devices.data?.devices.map((device) => (
            <DeviceRow
              key={device.id}
              device={device}
              timeZone={devices.data.timezone}
              session={session}
              restaurantId={restaurantId}
            />
          ))}
        </ul>
      </Card>
    </div>
  );
}

function PairingCard({ session, restaurantId }: { session: OwnerSession; restaurantId: number }) {
  const queryClient = useQueryClient();
  const roleId = useId();
  const [name, setName] = useState('');
  const [role, setRole] = useState<DeviceRole>('kitchen');
  const create = useMutation({
    mutationFn: () => createPairingCode(session.token, restaurantId, { device_name: name, role }),
  });
  // A device paired with the code shows up in the list without a reload.
  useEffect(() => {
    if (!create.data) return;
    const timer = setInterval(
      () => queryClient.invalidateQueries({ queryKey: ['devices', restaurantId] }),
      5000,
    );
    return () => clearInterval(timer);
  }, [create.data, queryClient, restaurantId]);

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate();
  }

  return (
    <Card className="flex flex-col gap-5 p-6">
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <TextField
          label={text.nameLabel}
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={60}
          required
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={roleId} className="text-sm font-medium text-stone-700">
            {text.roleLabel}
          </label>
          <select
            id={roleId}
            className={control}
            value={role}
            onChange={(event) => setRole(event.target.value as DeviceRole)}
          >
            {DEVICE_ROLES.map((one) => (
              <option key={one} value={one}>
                {ROLE_LABELS[one]}
              </option>
            ))}
          </select>
        </div>
        {create.isError && <Alert type="error">{messageOf(create.error)}</Alert>}
        <Button type="submit" busy={create.isPending} disabled={name.trim() === ''}>
          {text.createCode}
        </Button>
      </form>
      {create.data && <PairingCode code={create.data} />}
    </Card>
  );
}

function PairingCode({ code }: { code: PairingCodeResponse }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const expired = Date.parse(code.expires_at) <= now;
  return (
    <section
      aria-label={text.codeHeading}
      className="flex flex-col items-center gap-3 border-t border-stone-200 pt-5"
    >
      <h2 className="text-sm font-semibold tracking-wider text-stone-500 uppercase">{text.codeHeading}</h2>
      <p
        className={`font-mono text-5xl font-bold tracking-[0.2em] ${expired ? 'text-stone-400 line-through' : ''}`}
      >
        {code.code}
      </p>
      {!expired && <QrModulesImage qr={code.qr} label={code.pair_url} className="size-44" />}
      <p role="timer" aria-live="off" className="text-sm text-stone-600">
        {expired ? text.expired : text.expiresIn(timeLeft(code.expires_at, now))}
      </p>
      {!expired && <p className="text-center text-sm text-stone-500">{text.codeHelp}</p>}
    </section>
  );
}

function DeviceRow({
  device,
  timeZone,
  session,
  restaurantId,
}: {
  device: DeviceSummary;
  /** The restaurant's, in which dates read as on the Staff screen and the audit trail. */
  timeZone: string | undefined;
  session: OwnerSession;
  restaurantId: number;
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: () => revokeDevice(session.token, restaurantId, device.id),
    onSuccess: () => {
      setConfirming(false);
      return queryClient.invalidateQueries({ queryKey: ['devices', restaurantId] });
    },
  });
  const seen = device.last_seen_at ? formatRestaurantDateTime(device.last_seen_at, timeZone) : text.never;
  return (
    <li className="flex items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium">
          {device.name}{' '}
          <span className="text-sm font-normal text-stone-500">· {ROLE_LABELS[device.role]}</span>
        </p>
        <p className="text-sm text-stone-500">
          {text.lastSeen}: {seen} · {text.paired}: {formatRestaurantDate(device.created_at, timeZone)}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        aria-label={text.revoke(device.name)}
        onClick={() => setConfirming(true)}
        className="min-h-11 shrink-0"
      >
        {text.confirmRevoke}
      </Button>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={text.revokeTitle}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {text.cancel}
            </Button>
            <Button variant="danger" busy={revoke.isPending} onClick={() => revoke.mutate()}>
              {text.confirmRevoke}
            </Button>
          </>
        }
      >
        <p>{text.revokeBody(device.name)}</p>
        {revoke.isError && <Alert type="error">{messageOf(revoke.error)}</Alert>}
      </Modal>
    </li>
  );
}
