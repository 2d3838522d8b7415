import { deviceScreenMessages as text } from '@tableserve/contract/device-messages';
import { ROLE_LABELS, type Role } from '@tableserve/contract/staff-roles';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { Suspense, useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { LogoMark } from '@/components/layout/logo';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { LoadingScreen } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { signOutDevice } from '@/session/device/device-session';
import { dashboardNavEntries } from '../lib/dashboard-nav';

type DeviceFrameProps = { name: string; workingAs: Exclude<Role, 'owner'> };

/**
 * A paired tablet's frame (docs/product/staff.md#paired-devices): a compact top bar naming the
 * device, with its screens and Log Out, over the whole width; no side navigation and no
 * marketing chrome, so a kitchen tablet shows as many tickets as fit. Log Out unpairs the tablet,
 * after a confirmation: it forgets its credential and goes back to /pair.
 */
export function DeviceFrame({ name, workingAs }: DeviceFrameProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  // A device works in its restaurant's: every screen its role allows is open.
  const entries = dashboardNavEntries(true, workingAs);

  function unpair() {
    signOutDevice();
    queryClient.clear();
    navigate(paths.pair, { replace: true });
  }

  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <header className="sticky top-0 z-30 border-b border-stone-200 bg-white">
        <div className="flex min-h-14 flex-wrap items-center gap-x-4 gap-y-1 px-3 py-1.5 md:px-5">
          <p className="flex min-w-0 items-center gap-2.5 text-sm text-stone-600">
            <LogoMark className="size-7" />
            <span className="min-w-0 truncate">
              {text.signedInAs} <strong className="font-semibold text-stone-900">{name}</strong>
              <span className="text-stone-500"> · {ROLE_LABELS[workingAs]}</span>
            </span>
          </p>
          {entries.length > 1 && (
            <nav aria-label={text.deviceNav}>
              <ul className="flex gap-1">
                {entries.map((entry) => (
                  <li key={entry.key}>
                    <NavLink
                      to={entry.to}
                      className={({ isActive }) =>
                        cn(
                          'flex min-h-11 items-center rounded-xl px-3 text-sm font-medium transition-colors',
                          isActive
                            ? 'bg-brand-50 text-brand-700'
                            : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
                        )
                      }
                    >
                      {entry.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <Button variant="ghost" className="ml-auto" onClick={() => setConfirming(true)}>
            <LogOut className="size-4.5" aria-hidden />
            {text.logOut}
          </Button>
        </div>
      </header>

      <main className="flex w-full min-w-0 flex-1 flex-col gap-5 px-3 pt-4 pb-8 md:px-5">
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>

      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={text.unpairTitle}
        className="max-w-md"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {text.cancel}
            </Button>
            <Button variant="danger" onClick={unpair}>
              {text.confirmUnpair}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-3 leading-7">
          <p>{text.unpairBody(name)}</p>
          <p className="text-stone-600">{text.unpairNote}</p>
        </div>
      </Modal>
    </div>
  );
}
