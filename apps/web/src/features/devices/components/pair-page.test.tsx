import { deviceMessages, deviceScreenMessages as text } from '@tableserve/contract/devices';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { PairPage } from './pair-page';

/** docs/product/staff.md#paired-devices */

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

const session = (role: 'kitchen' | 'server') => ({
  user_id: 7,
  token: 'device-token',
  role,
  resturant: { restaurant_id: 3 },
  credential: `12.${'a'.repeat(43)}`,
  device: { id: 12, name: 'Pass tablet' },
});

const destinations = ['/dashboard/kitchen-management', '/dashboard/order-management'];

describe('the /pair page', () => {
  it('takes the code from the QR link, pairs, keeps the credential and opens the Kitchen', async () => {
    const { calls } = stubFetch(() => jsonResponse(201, session('kitchen')));
    renderRoute(PairPage, { path: '/pair', url: '/pair?code=123456', destinations });

    const input = screen.getByLabelText(text.pairCodeLabel);
    expect(input).toHaveValue('123456');
    await userEvent.click(screen.getByRole('button', { name: text.pairButton }));

    expect(await screen.findByText('Page /dashboard/kitchen-management')).toBeInTheDocument();
    expect(calls()).toEqual([
      expect.objectContaining({ url: '/api/v1/devices/pair', body: { code: '123456' } }),
    ]);
    expect(localStorage.getItem('deviceCredential')).toBe(`12.${'a'.repeat(43)}`);
    expect(localStorage.getItem('RestaurantToken')).toBe('device-token');
    expect(localStorage.getItem('deviceName')).toBe('Pass tablet');
    expect(sessionStorage.getItem('staff_role')).toBe('kitchen');
    expect(sessionStorage.getItem('user_id')).toBe('7');
    expect(sessionStorage.getItem('restaurant_id')).toBe('3');
  });

  it('opens Order Management for a server device', async () => {
    stubFetch(() => jsonResponse(201, session('server')));
    renderRoute(PairPage, { path: '/pair', destinations });
    await userEvent.type(screen.getByLabelText(text.pairCodeLabel), '654321');
    await userEvent.click(screen.getByRole('button', { name: text.pairButton }));
    expect(await screen.findByText('Page /dashboard/order-management')).toBeInTheDocument();
  });

  it('keeps digits only, six at most, and pairs only with six', async () => {
    stubFetch(() => jsonResponse(500, {}));
    renderRoute(PairPage, { path: '/pair', destinations });
    const input = screen.getByLabelText(text.pairCodeLabel);
    await userEvent.type(input, '12a3 4');
    expect(input).toHaveValue('1234');
    expect(screen.getByRole('button', { name: text.pairButton })).toBeDisabled();
    await userEvent.type(input, '5678');
    expect(input).toHaveValue('123456');
    expect(screen.getByRole('button', { name: text.pairButton })).toBeEnabled();
  });

  it("shows the server's refusal under the code and stores nothing", async () => {
    stubFetch(() => jsonResponse(401, { message: deviceMessages.codeRefused }));
    renderRoute(PairPage, { path: '/pair', url: '/pair?code=000000', destinations });
    await userEvent.click(screen.getByRole('button', { name: text.pairButton }));
    expect(await screen.findByText(deviceMessages.codeRefused)).toBeInTheDocument();
    expect(screen.getByLabelText(text.pairCodeLabel)).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem('deviceCredential')).toBeNull();
  });

  it('says why the device is here after a sign-out', () => {
    renderRoute(PairPage, { path: '/pair', url: '/pair?signed-out', destinations });
    expect(screen.getByText(text.signedOut)).toBeInTheDocument();
  });
});
