import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { installFakeGoogleMaps } from '../testing/fake-google-maps';
import { AddressSearch } from './address-search';

// A file of its own: Google's refusal of the key holds for the rest of the page's life.
afterEach(() => {
  delete window.google;
});

it('steps aside, for good, when Google refuses the key (docs/product/platform.md#maps)', async () => {
  const google = installFakeGoogleMaps();
  const { unmount } = render(<AddressSearch apiKey="wrong-referrer-key" onPick={() => {}} />);
  await waitFor(() => expect(google.autocompletes).toHaveLength(1));
  act(() => window.gm_authFailure?.());
  expect(screen.queryByLabelText('Search address')).not.toBeInTheDocument();
  unmount();

  // Coming back to the page later in the visit: the plain fields only.
  render(<AddressSearch apiKey="wrong-referrer-key" onPick={() => {}} />);
  expect(screen.queryByLabelText('Search address')).not.toBeInTheDocument();
});
