import type { StaffMember } from '@tableserve/contract/staff';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { signInOwner } from '@/test/subscription-fixtures';
import { StaffPage } from './staff-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ana: StaffMember = {
  staff_id: 7,
  name: 'Ana Diaz',
  email: 'ana@example.com',
  role: 'server',
  status: 'invited',
  invited_at: '2026-03-02T21:00:00.000Z',
};
const ben: StaffMember = {
  ...ana,
  staff_id: 8,
  name: 'Ben Ode',
  email: 'ben@example.com',
  status: 'active',
  role: 'kitchen',
};

/** The staff API as the server answers it, with one team held in memory. */
function stubStaffApi(members: StaffMember[], answers: Record<string, Response> = {}) {
  return stubFetch(({ url, method }) => {
    const answer = answers[`${method} ${url}`];
    if (answer) return answer;
    if (method === 'GET' && url === '/api/v1/staff')
      return jsonResponse(200, { members, timezone: 'Asia/Tokyo' });
    throw new Error(`unexpected ${method} ${url}`);
  });
}

/** The success banner, announced politely (a busy button's spinner is a status too). */
async function expectSuccess(text: string) {
  expect((await screen.findByText(text)).closest('[role="status"]')).toHaveAttribute('data-type', 'success');
}

const renderStaff = () => renderRoute(StaffPage, { path: '/dashboard/staff' });

describe('the Staff screen (docs/product/staff.md#staff-accounts)', () => {
  it('lists each person with their status, an accessible role select and their actions', async () => {
    signInOwner();
    stubStaffApi([ana, ben]);
    renderStaff();
    const role = await screen.findByRole('combobox', { name: 'Role of Ana Diaz' });
    expect(role).toHaveValue('server');
    expect(screen.getByRole('combobox', { name: 'Role of Ben Ode' })).toHaveValue('kitchen');
    expect(screen.getByText('Invited')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    // Only a pending invitation can be sent again.
    expect(screen.getByRole('button', { name: 'Resend invitation to Ana Diaz' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend invitation to Ben Ode' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Ben Ode' })).toBeInTheDocument();
    // The date as on Devices and the audit trail, in the restaurant's zone (21:00 UTC is the next day in Tokyo).
    expect(screen.getAllByText('Invited Mar 3, 2026')).toHaveLength(2);
  });

  it('says in a line what each role may do (docs/product/staff.md#roles)', async () => {
    signInOwner();
    stubStaffApi([]);
    renderStaff();
    const guide = await screen.findByRole('region', { name: 'What each role may do' });
    expect(
      within(guide)
        .getAllByRole('definition')
        .map((line) => `${line.previousElementSibling?.textContent}: ${line.textContent}`),
    ).toEqual([
      'Manager: Every screen of the restaurant: menu, stock, orders and refunds, Kitchen, Daily Sales, staff, devices and the audit trail. Not your subscription or billing.',
      'Server: Order Summary, Order Management (approve, edit, delete), Place Order and Mark as Paid.',
      'Kitchen: The Kitchen screen: mark orders ready, recall them, sold out and portions left.',
    ]);
  });

  it('invites with name, email and role, then says so and clears the form', async () => {
    signInOwner();
    const { calls } = stubStaffApi([], {
      'POST /api/v1/staff': jsonResponse(201, { message: 'Invitation sent to cy@example.com.', member: ana }),
    });
    renderStaff();
    await screen.findByText('No one has been invited yet.');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Cy Lee' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'cy@example.com' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'manager' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await expectSuccess('Invitation sent to cy@example.com.');
    expect(calls().find((call) => call.method === 'POST')).toMatchObject({
      body: { name: 'Cy Lee', email: 'cy@example.com', role: 'manager' },
      headers: expect.objectContaining({ Authorization: 'Bearer owner-token' }),
    });
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it("checks the fields before sending, and shows the server's refusal verbatim", async () => {
    signInOwner();
    const { calls } = stubStaffApi([], {
      'POST /api/v1/staff': jsonResponse(409, {
        message: "This email belongs to a restaurant owner's account and cannot be invited.",
      }),
    });
    renderStaff();
    await screen.findByText('No one has been invited yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(calls().filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Cy Lee' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'owner@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "This email belongs to a restaurant owner's account and cannot be invited.",
    );
  });

  it('changes a role from the row only once confirmed, naming the person and the new role; Cancel puts the select back', async () => {
    signInOwner();
    const { calls } = stubStaffApi([ana], {
      'PUT /api/v1/staff/7': jsonResponse(200, { message: 'Ana Diaz is now Manager.', member: ana }),
    });
    renderStaff();
    const select = await screen.findByRole('combobox', { name: 'Role of Ana Diaz' });
    fireEvent.change(select, { target: { value: 'manager' } });
    const dialog = await screen.findByRole('dialog', { name: "Change Ana Diaz's role to Manager?" });
    expect(dialog).toHaveTextContent(
      'Manager: Every screen of the restaurant: menu, stock, orders and refunds, Kitchen, Daily Sales, staff, devices and the audit trail. Not your subscription or billing.The change takes effect at once, on every device they are signed in on.',
    );
    expect(select).toHaveValue('manager');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(select).toHaveValue('server'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls().filter((call) => call.method === 'PUT')).toHaveLength(0);

    fireEvent.change(select, { target: { value: 'manager' } });
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change to Manager' }),
    );
    await expectSuccess('Ana Diaz is now Manager.');
    expect(
      calls()
        .filter((call) => call.method === 'PUT')
        .map((call) => call.body),
    ).toEqual([{ role: 'manager' }]);
  });

  it('removes only after the confirmation', async () => {
    signInOwner();
    const { calls } = stubStaffApi([ben], {
      'DELETE /api/v1/staff/8': jsonResponse(200, { message: 'Ben Ode has been removed.' }),
    });
    renderStaff();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Ben Ode' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this person?' });
    expect(dialog).toHaveTextContent('Ben Ode will be signed out at once');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls().filter((call) => call.method === 'DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Ben Ode' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await expectSuccess('Ben Ode has been removed.');
    await waitFor(() => expect(calls().filter((call) => call.method === 'DELETE')).toHaveLength(1));
  });

  it('sends an invitation again', async () => {
    signInOwner();
    stubStaffApi([ana], {
      'POST /api/v1/staff/7/resend-invitation': jsonResponse(200, {
        message: 'Invitation sent again to ana@example.com.',
      }),
    });
    renderStaff();
    fireEvent.click(await screen.findByRole('button', { name: 'Resend invitation to Ana Diaz' }));
    await expectSuccess('Invitation sent again to ana@example.com.');
  });
});
