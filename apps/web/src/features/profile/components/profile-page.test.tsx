import type { UserProfile } from '@tableserve/contract/auth';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, renderRoute, stubFetch } from '@/test/render-route';
import { signInOwner } from '@/test/subscription-fixtures';
import { ProfilePage } from './profile-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const profile: UserProfile = {
  user_id: 42,
  email: 'maria@trattoria.example',
  first_name: 'Maria',
  last_name: 'Rossi',
  phone: '5551234567',
  address: '12 Market Street',
  city: 'Springfield',
  state: 'IL',
  country: 'United States',
  zip_code: '62701',
  latitude: null,
  longitude: null,
};

const renderProfile = () =>
  renderRoute(ProfilePage, { path: '/dashboard/profile', destinations: ['/subscription-details'] });

/** The view mode's value for a label. */
const shownValue = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('User Profile (docs/product/accounts.md#owner-profile)', () => {
  it('loads the profile with the owner token and lists every field', async () => {
    signInOwner();
    const { calls } = stubFetch(() => jsonResponse(200, profile));
    renderProfile();
    await screen.findByRole('button', { name: 'Edit Profile' });
    expect(calls()[0]).toMatchObject({
      url: '/api/v1/auth/user/42',
      method: 'GET',
      headers: expect.objectContaining({ Authorization: 'Bearer owner-token' }),
    });
    expect(shownValue('First name')).toBe('Maria');
    expect(shownValue('Last name')).toBe('Rossi');
    expect(shownValue('Email')).toBe('maria@trattoria.example');
    expect(shownValue('Phone')).toBe('5551234567');
    expect(shownValue('Address')).toBe('12 Market Street');
    expect(shownValue('City')).toBe('Springfield');
    expect(shownValue('State')).toBe('IL');
    expect(shownValue('Country')).toBe('United States');
    expect(shownValue('Zip code')).toBe('62701');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('has a Subscription Details button that goes to /subscription-details', async () => {
    signInOwner();
    stubFetch(() => jsonResponse(200, profile));
    renderProfile();
    fireEvent.click(await screen.findByRole('link', { name: 'Subscription Details' }));
    expect(await screen.findByText('Page /subscription-details')).toBeInTheDocument();
  });

  it('switches to edit mode with the email read-only, saves, and returns to view mode with the saved values', async () => {
    signInOwner();
    const saving = deferred<Response>();
    const { calls } = stubFetch(({ method }) =>
      method === 'PUT' ? saving.promise : jsonResponse(200, profile),
    );
    renderProfile();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));

    const form = screen.getByRole('form', { name: 'Edit profile' });
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();
    expect(within(form).getByLabelText(/^Email/)).toHaveAttribute('readonly');
    expect(within(form).getByLabelText('First name')).toHaveValue('Maria');
    fireEvent.change(within(form).getByLabelText('First name'), { target: { value: 'Marta' } });
    fireEvent.change(within(form).getByLabelText('Phone'), { target: { value: '(415) 555-0199' } });
    expect(within(form).getByLabelText('Phone')).toHaveValue('4155550199');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(calls()).toHaveLength(2));
    expect(screen.getByRole('button', { name: /Save Changes/ })).toHaveAttribute('aria-busy', 'true');
    expect(calls()[1]).toEqual({
      url: '/api/v1/auth/user/42',
      method: 'PUT',
      headers: expect.objectContaining({ Authorization: 'Bearer owner-token' }),
      body: {
        first_name: 'Marta',
        last_name: 'Rossi',
        phone: '4155550199',
        address: '12 Market Street',
        city: 'Springfield',
        state: 'IL',
        country: 'United States',
        zip_code: '62701',
      },
    });
    saving.resolve(
      jsonResponse(200, {
        message: 'Profile updated successfully',
        user: { ...profile, first_name: 'Marta', phone: '4155550199' },
      }),
    );
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit profile' })).not.toBeInTheDocument();
    expect(shownValue('First name')).toBe('Marta');
    expect(shownValue('Phone')).toBe('4155550199');
  });

  it('does not submit when Edit Profile is clicked', async () => {
    signInOwner();
    const { calls } = stubFetch(() => jsonResponse(200, profile));
    renderProfile();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
    expect(calls()).toHaveLength(1);
  });

  it('Cancel returns to view mode without saving', async () => {
    signInOwner();
    const { calls } = stubFetch(() => jsonResponse(200, profile));
    renderProfile();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Marta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(shownValue('First name')).toBe('Maria');
    expect(calls()).toHaveLength(1);
  });

  it('only logs a failed save and stays in edit mode with the edits', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    signInOwner();
    stubFetch(({ method }) =>
      method === 'PUT' ? jsonResponse(500, { message: 'Server error' }) : jsonResponse(200, profile),
    );
    renderProfile();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Chicago' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Save Changes' })).not.toBeDisabled();
    expect(screen.getByLabelText('City')).toHaveValue('Chicago');
    expect(screen.queryByText('Server error')).not.toBeInTheDocument();
  });

  it('checks the fields with the shared schema before saving', async () => {
    signInOwner();
    const { calls } = stubFetch(() => jsonResponse(200, profile));
    renderProfile();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(calls()).toHaveLength(1);
  });

  it('shows a spinner while loading and only logs a failed load', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    signInOwner();
    const loading = deferred<Response>();
    stubFetch(() => loading.promise);
    renderProfile();
    expect(screen.getByRole('status', { name: 'Loading your profile' })).toBeInTheDocument();
    loading.resolve(jsonResponse(500, { message: 'Server error' }));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
    expect(screen.queryByText('Server error')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscription Details' })).toBeInTheDocument();
  });
});
