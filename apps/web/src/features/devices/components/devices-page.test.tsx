import { deviceScreenMessages as text } from '@tableserve/contract/devices';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESTAURANT_ID, signInRestaurantOwner } from '@/test/menu-item-fixtures';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { DevicesPage } from './devices-page';

/** docs/product/staff.md#paired-devices */

afterEach(() => {
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
  return stubFetch((call) => {
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
    expect(calls().find((call) => call.url.endsWith('/pairing-codes'))?.body).toEqual({
      device_name: 'Bar tablet',
      role: 'server',
    });
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
