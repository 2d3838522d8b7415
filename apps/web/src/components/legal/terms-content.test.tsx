import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TermsContent } from './terms-content';

describe('TermsContent', () => {
  it('states that users must be 18 years or older', () => {
    render(
      <MemoryRouter>
        <TermsContent />
      </MemoryRouter>,
    );
    expect(screen.getByText('You must be 18 years or older to use TableServe.')).toBeInTheDocument();
  });
});
