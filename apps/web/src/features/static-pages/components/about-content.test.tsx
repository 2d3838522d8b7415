import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AboutContent } from './about-content';

describe('AboutContent', () => {
  it('describes TableServe as a restaurant table service application and what it does', () => {
    render(
      <MemoryRouter>
        <AboutContent />
      </MemoryRouter>,
    );
    expect(screen.getByText(/TableServe is a restaurant table service application/)).toBeInTheDocument();
    for (const capability of ['QR menus', 'Ordering', 'Live status', 'Kitchen', 'Sales']) {
      expect(screen.getByText(capability)).toBeInTheDocument();
    }
  });
});
