import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeGoogleMaps, springfieldPlace } from '../testing/fake-google-maps';
import { AddressSearch } from './address-search';

afterEach(() => {
  delete window.google;
  for (const script of document.head.querySelectorAll('script')) script.remove();
  vi.restoreAllMocks();
});

describe('AddressSearch (docs/product/platform.md#maps)', () => {
  it('attaches a street-address Autocomplete to the labelled search input', async () => {
    const google = installFakeGoogleMaps();
    render(<AddressSearch apiKey="browser-key" onPick={() => {}} />);
    const input = screen.getByLabelText('Search address');
    await waitFor(() => expect(google.autocompletes).toHaveLength(1));
    expect(google.only().input).toBe(input);
    expect(google.only().options).toEqual({
      fields: ['address_components', 'geometry', 'formatted_address'],
      types: ['address'],
    });
    expect(google.only().listeners).toHaveLength(1);
    // The API was on the page already: nothing else is fetched.
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
  });

  it('hands the picked place to onPick as the form fields', async () => {
    const google = installFakeGoogleMaps();
    const onPick = vi.fn();
    render(<AddressSearch apiKey="browser-key" onPick={onPick} />);
    await waitFor(() => expect(google.autocompletes).toHaveLength(1));
    act(() => google.only().choose(springfieldPlace));
    expect(onPick).toHaveBeenCalledExactlyOnceWith({
      address: '12 Market Street',
      city: 'Springfield',
      state: 'IL',
      country: 'United States',
      zip_code: '62701',
      latitude: 39.7998,
      longitude: -89.6441,
    });
  });

  it('ignores Enter on text that matched no suggestion, and never submits the form with it', async () => {
    const google = installFakeGoogleMaps();
    const onPick = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <AddressSearch apiKey="browser-key" onPick={onPick} />
        <button type="submit">Next</button>
      </form>,
    );
    await waitFor(() => expect(google.autocompletes).toHaveLength(1));
    const input = screen.getByLabelText('Search address');
    const enter = fireEvent.keyDown(input, { key: 'Enter' });
    expect(enter).toBe(false); // default prevented: no implicit submission
    act(() => google.only().choose({ name: '12 Mark' }));
    expect(onPick).not.toHaveBeenCalled();
  });

  it('stops listening when it leaves the page', async () => {
    const google = installFakeGoogleMaps();
    const { unmount } = render(<AddressSearch apiKey="browser-key" onPick={() => {}} />);
    await waitFor(() => expect(google.autocompletes).toHaveLength(1));
    unmount();
    expect(google.only().listeners).toHaveLength(0);
  });

  it('falls back silently to the plain fields when the script cannot be loaded, logging once', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<AddressSearch apiKey="browser-key" onPick={() => {}} />);
    expect(screen.getByLabelText('Search address')).toBeInTheDocument();
    // No network here: every attempt (the first and 3 retries) fails like a blocked script.
    for (let attempt = 0; attempt < 4; attempt++) {
      const script = await vi.waitFor(() => {
        const found = document.head.querySelector('script[src^="https://maps.googleapis.com/"]');
        if (!found) throw new Error('no maps script yet');
        return found;
      });
      script.dispatchEvent(new Event('error'));
    }
    await waitFor(() => expect(screen.queryByLabelText('Search address')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledTimes(1);
  });
});
