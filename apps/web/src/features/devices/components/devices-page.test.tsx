import { deviceScreenMessages as text } from '@tableserve/contract/devices';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESTAURANT_ID, signInRestaurantOwner } from '@/test/menu-item-fixtures';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { DevicesPage } from './devices-page';

/** docs/product/staff.md#paired-devices */

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

const base = `/api/v1/owner/restaurant/${RESTAURANT_ID}/devices`;
const tablet = {
  id: 4,
  name: 'Pass tablet',
  role: 'kitchen',
  last_seen_at: null,
  created_at: '2026-03-02T12:00:00.000Z',
};

function fakeServer(first: object = tablet, timezone?: string) {
  let devices = [first];
  const stub = stubFetch((call) => {
    if (call.url === base) return jsonResponse(200, { devices, timezone });
    if (call.url === `${base}/pairing-codes`)
      return jsonResponse(201, {
        code: '123456',
        expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
        pair_url: 'http://tableserve.test/pair?code=123456',
        qr: { size: 21, modules: '1'.repeat(441) },
      });
    if (call.url === `${base}/4/revoke`) {
      devices = [];
      return jsonResponse(200, { message: 'Device revoked. It is signed out.' });
    }
    return jsonResponse(404, { message: 'Not found' });
  });
  /** The tablet uses the code: it shows up in the list. */
  const pair = (name: string, role = 'server') => {
    devices = [...devices, { ...tablet, id: 5, name, role, created_at: new Date().toISOString() }];
  };
  return { ...stub, pair };
}

describe('the Devices screen', () => {
  it('creates a code for the named device and role, shown large with its QR code and countdown', async () => {
    signInRestaurantOwner();
    const { calls } = fakeServer();
    renderRoute(DevicesPage, { path: '/dashboard/devices' });
    await userEvent.type(screen.getByLabelText(text.nameLabel), 'Bar tablet');
    await userEvent.selectOptions(screen.getByLabelText(text.roleLabel), 'Server');
    await userEvent.click(screen.getByRole('button', { name: text.createCode }));

    const code = await screen.findByRole('region', { name: text.codeHeading });
    expect(within(code).getByText('123456')).toBeInTheDocument();
    expect(
      within(code).getByRole('img', { name: 'http://tableserve.test/pair?code=123456' }),
    ).toBeInTheDocument();
    expect(within(code).getByRole('timer')).toHaveTextContent(/^Expires in (10:00|9:5\d)$/);
    expect(within(code).getByText('Bar tablet · Server')).toBeInTheDocument();
    expect(calls().find((call) => call.url.endsWith('/pairing-codes'))?.body).toEqual({
      device_name: 'Bar tablet',
      role: 'server',
    });
  });

  it('gives the full address to open on the tablet, to copy', async () => {
    signInRestaurantOwner();
    fakeServer();
    renderRoute(DevicesPage, { path: '/dashboard/devices' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(text.nameLabel), 'Bar tablet');
    await user.click(screen.getByRole('button', { name: text.createCode }));
    const code = await screen.findByRole('region', { name: text.codeHeading });
    expect(
      within(code).getByText('On the tablet, open this address and type the code, or scan the QR code.'),
    ).toBeInTheDocument();
    expect(within(code).getByText('http://tableserve.test/pair')).toBeInTheDocument();
    await user.click(within(code).getByRole('button', { name: 'Copy address' }));
    expect(await navigator.clipboard.readText()).toBe('http://tableserve.test/pair');
    expect(within(code).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('notices the tablet that used the code: "Paired ✓" with its name, and the code is gone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInRestaurantOwner();
    const server = fakeServer();
    renderRoute(DevicesPage, { path: '/dashboard/devices' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    expect(await screen.findByText('Pass tablet')).toBeInTheDocument();
    await user.type(screen.getByLabelText(text.nameLabel), 'Bar tablet');
    await user.selectOptions(screen.getByLabelText(text.roleLabel), 'Server');
    await user.click(screen.getByRole('button', { name: text.createCode }));
    await screen.findByRole('region', { name: text.codeHeading });

    // Read again while the code is shown: nothing new yet.
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByRole('region', { name: text.codeHeading })).toBeInTheDocument();

    server.pair('Bar tablet');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await screen.findByRole('heading', { name: 'Paired ✓' })).toBeInTheDocument();
    expect(
      screen.getByText('Bar tablet is paired and signed in. It is listed under Paired devices.', {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: text.codeHeading })).not.toBeInTheDocument();
    expect(screen.queryByText('123456')).not.toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    // The list shows it too, and the screen stops asking.
    expect(screen.getAllByText('Bar tablet').length).toBeGreaterThan(0);
    const reads = server.calls().filter((call) => call.url === base).length;
    await act(() => vi.advanceTimersByTimeAsync(9000));
    expect(server.calls().filter((call) => call.url === base).length).toBe(reads);

    await user.click(screen.getByRole('button', { name: 'Pair another device' }));
    expect(screen.getByLabelText(text.nameLabel)).toHaveValue('');
  });

  it('revokes a device only after the confirmation', async () => {
    signInRestaurantOwner();
    const { calls } = fakeServer();
    renderRoute(DevicesPage, { path: '/dashboard/devices' });
    expect(await screen.findByText('Pass tablet')).toBeInTheDocument();
    expect(screen.getByText(`${text.lastSeen}: ${text.never}`, { exact: false })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: text.revoke('Pass tablet') }));
    expect(calls().some((call) => call.url.endsWith('/revoke'))).toBe(false);
    const dialog = screen.getByRole('dialog', { name: text.revokeTitle });
    expect(within(dialog).getByText(text.revokeBody('Pass tablet'))).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: text.confirmRevoke }));

    expect(await screen.findByText(text.empty)).toBeInTheDocument();
    expect(calls().filter((call) => call.url.endsWith('/revoke'))).toEqual([
      expect.objectContaining({ method: 'POST' }),
    ]);
  });

  it("writes last seen and the pairing date as the Staff screen does, in the restaurant's zone", async () => {
    signInRestaurantOwner();
    fakeServer(
      { ...tablet, last_seen_at: '2026-12-02T20:30:00.000Z', created_at: '2026-12-02T20:00:00.000Z' },
      'Asia/Tokyo',
    );
    renderRoute(DevicesPage, { path: '/dashboard/devices' });
    expect(
      await screen.findByText(`${text.lastSeen}: Dec 3, 2026, 5:30 AM · ${text.paired}: Dec 3, 2026`),
    ).toBeInTheDocument();
  });
});
