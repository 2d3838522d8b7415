import { deviceScreenMessages as text } from '@tableserve/contract/devices';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Logo } from '@/components/layout/logo';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { ApiRequestError } from '@/lib/api-client';
import { deviceHomePath, saveDeviceSession } from '@/session/device/device-session';
import { pairDevice } from '../api/devices-api';

/**
 * /pair (docs/product/staff.md#paired-devices): the tablet types the code (or opens the QR's
 * link, which fills it in) and becomes a device of the restaurant, then goes to its screen.
 */
export function PairPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [code, setCode] = useState(params.get('code') ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const session = await pairDevice(code.trim());
      saveDeviceSession(session);
      navigate(deviceHomePath(session.role), { replace: true });
    } catch (caught) {
      setError(caught instanceof ApiRequestError ? (caught.serverMessage ?? caught.message) : String(caught));
      setBusy(false);
    }
  }

  return (
    // No marketing header or footer here (docs/product/staff.md#paired-devices): the mark alone.
    <main className="flex min-h-dvh flex-col items-center justify-center gap-8 bg-stone-50 px-4 py-10">
      <Logo />
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{text.pairTitle}</h1>
        <p className="mt-2 text-[0.9375rem] leading-7 text-stone-600">{text.pairIntro}</p>
        {params.get('signed-out') !== null && (
          <Alert type="info" className="mt-4">
            {text.signedOut}
          </Alert>
        )}
        <form className="mt-6 flex flex-col gap-5" onSubmit={submit} noValidate>
          <TextField
            label={text.pairCodeLabel}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            className="[&_input]:text-center [&_input]:font-mono [&_input]:text-3xl [&_input]:tracking-[0.4em]"
            error={error}
          />
          <Button type="submit" size="lg" busy={busy} disabled={code.length !== 6}>
            {busy ? text.pairing : text.pairButton}
          </Button>
        </form>
      </Card>
    </main>
  );
}
