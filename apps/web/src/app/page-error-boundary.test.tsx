import { routerErrorTitle } from '@tableserve/contract/messages';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const missingChunk = new TypeError(
  'Failed to fetch dynamically imported module: https://tableserve.test/assets/order-status-Bx1.js',
);

function Throws({ error }: { error: Error }): never {
  throw error;
}

/** A fresh page load of the build whose entry is `entry`; the tab's sessionStorage stays. */
async function loadPage(entry = 'index-A.js') {
  document.head.replaceChildren();
  const script = document.createElement('script');
  script.type = 'module';
  script.setAttribute('src', `/assets/${entry}`);
  document.head.append(script);
  vi.resetModules();
  const { browser } = await import('@/lib/reload-for-new-build');
  const { PageErrorBoundary } = await import('./page-error-boundary');
  const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
  const show = (error: Error) =>
    render(
      <MemoryRouter>
        <PageErrorBoundary>
          <Throws error={error} />
        </PageErrorBoundary>
      </MemoryRouter>,
    );
  return { reload, show };
}

// React reports every caught error on the console; these are expected.
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

describe('PageErrorBoundary', () => {
  it('reloads a page whose code a deploy removed, showing nothing meanwhile', async () => {
    const { reload, show } = await loadPage();
    const { container } = show(missingChunk);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the error page when the reload already happened for this build', async () => {
    (await loadPage()).show(missingChunk);
    const { reload, show } = await loadPage();
    show(missingChunk);
    expect(reload).not.toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: routerErrorTitle })).toBeInTheDocument();
    expect(screen.getByText(missingChunk.message)).toBeInTheDocument();
  });

  it('shows the error page at once, without reloading, for a page that throws', async () => {
    const { reload, show } = await loadPage();
    show(new Error('The menu could not be read'));
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: routerErrorTitle })).toBeInTheDocument();
  });
});
