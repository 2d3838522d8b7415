import {
  type DeviceSummary,
  type PairingCodeResponse,
  deviceScreenMessages as text,
} from '@tableserve/contract/devices';
import { DEVICE_ROLES, type DeviceRole, ROLE_LABELS } from '@tableserve/contract/staff-roles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, CheckCircle2, Copy } from 'lucide-react';
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

/** How often the list is read while a code is shown, to notice the tablet that used it. */
export const PAIRED_POLL_MS = 3000;

/** A code as shown: what it pairs, and the devices there were before it, to tell the new one. */
type ShownCode = { code: PairingCodeResponse; name: string; role: DeviceRole; before: Set<number> };

function PairingCard({ session, restaurantId }: { session: OwnerSession; restaurantId: number }) {
  const queryClient = useQueryClient();
  const roleId = useId();
  const [name, setName] = useState('');
  const [role, setRole] = useState<DeviceRole>('kitchen');
  const [now, setNow] = useState(Date.now);
  const create = useMutation({
    mutationFn: async (): Promise<ShownCode> => {
      // The list read alongside cannot hold the device this code pairs: nobody has seen the code yet.
      const [code, list] = await Promise.all([
        createPairingCode(session.token, restaurantId, { device_name: name, role }),
        listDevices(session.token, restaurantId),
      ]);
      return { code, name: name.trim(), role, before: new Set(list.devices.map((device) => device.id)) };
    },
  });
  const shown = create.data;
  const expired = shown !== undefined && Date.parse(shown.code.expires_at) <= now;
  // While a live code is shown, the list is read every few seconds: the tablet that used it shows
  // up as "Paired ✓" here and in the list, without a reload.
  const devices = useQuery({
    queryKey: ['devices', restaurantId],
    queryFn: () => listDevices(session.token, restaurantId),
    enabled: false,
  });
  const paired = shown
    ? devices.data?.devices.find((device) => !shown.before.has(device.id) && device.name === shown.name)
    : undefined;
  const waiting = shown !== undefined && !expired && paired === undefined;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      void queryClient.invalidateQueries({ queryKey: ['devices', restaurantId] });
    }, PAIRED_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, queryClient, restaurantId]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setNow(Date.now());
    create.mutate();
  }

  function startOver() {
    create.reset();
    setName('');
  }

  if (shown && paired) {
    return (
      <Card className="flex flex-col items-center gap-4 p-6 text-center" aria-live="polite">
        <span className="grid size-14 place-items-center rounded-full bg-emerald-50 text-emerald-700">
          <CheckCircle2 className="size-8" aria-hidden />
        </span>
        <h2 className="text-2xl font-bold tracking-tight text-emerald-800">{text.pairedDone}</h2>
        <p className="text-[0.9375rem] leading-7 text-stone-700">
          <strong className="font-semibold">{paired.name}</strong> · {ROLE_LABELS[paired.role]}
          <br />
          {text.pairedBody(paired.name)}
        </p>
        <Button variant="secondary" onClick={startOver}>
          {text.pairAnother}
        </Button>
      </Card>
    );
  }

  if (shown) {
    return (
      <Card className="flex flex-col gap-4 p-6">
        <PairingCode shown={shown} />
        <Button variant="ghost" onClick={startOver} className="self-center">
          {text.pairAnother}
        </Button>
      </Card>
    );
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
    </Card>
  );
}

/** The address to open on the tablet: the app's public origin and /pair, without the code. */
const pairAddress = (pairUrl: string) => {
  const url = new URL(pairUrl);
  return `${url.origin}${url.pathname}`;
};

function PairingCode({ shown }: { shown: ShownCode }) {
  const { code } = shown;
  const [now, setNow] = useState(Date.now);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const expired = Date.parse(code.expires_at) <= now;
  const address = pairAddress(code.pair_url);

  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
    } catch {
      // No clipboard (a plain-http address): the address stays selectable by hand.
    }
  }

  return (
    <section aria-label={text.codeHeading} className="flex flex-col items-center gap-3 text-center">
      <div>
        <h2 className="text-sm font-semibold tracking-wider text-stone-500 uppercase">{text.codeHeading}</h2>
        <p className="mt-1 text-sm text-stone-600">
          {shown.name} · {ROLE_LABELS[shown.role]}
        </p>
      </div>
      <p
        className={`font-mono text-5xl font-bold tracking-[0.2em] tabular-nums ${expired ? 'text-stone-400 line-through' : 'text-stone-900'}`}
      >
        {code.code}
      </p>
      {!expired && <QrModulesImage qr={code.qr} label={code.pair_url} className="size-40" />}
      <p role="timer" aria-live="off" className="text-sm font-medium text-stone-700">
        {expired ? text.expired : text.expiresIn(timeLeft(code.expires_at, now))}
      </p>
      {!expired && (
        <div className="flex w-full flex-col items-center gap-2 border-t border-stone-200 pt-3">
          <p className="text-sm text-stone-600">{text.codeHelp}</p>
          <div className="flex w-full items-center gap-2 rounded-xl bg-stone-100 py-1 pr-1 pl-3">
            <code className="min-w-0 flex-1 text-left font-mono text-sm break-all text-stone-900 select-all">
              {address}
            </code>
            <Button variant="secondary" size="sm" className="min-h-11" onClick={() => void copy()}>
              {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
              {copied ? text.addressCopied : text.copyAddress}
            </Button>
          </div>
        </div>
      )}
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
