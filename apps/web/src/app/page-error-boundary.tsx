import { Component, type ReactNode } from 'react';
import { isMissingChunk, reloadForNewBuild } from '@/lib/reload-for-new-build';
import { RouteError } from './route-error';

type Props = { children: ReactNode };
type State = { error: unknown; reloadSpent: boolean };

/**
 * Shows the router's error page when a page throws while rendering or its code fails to load.
 * Code that fails to load because a deploy removed this tab's build reloads the page onto the
 * new one instead, once (lib/reload-for-new-build); nothing shows meanwhile. The layout keys it
 * by path, so navigating elsewhere starts afresh.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, reloadSpent: false };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  // The reload is a side effect, so it starts here, after the render, not in it.
  override componentDidCatch(error: unknown) {
    if (isMissingChunk(error) && !reloadForNewBuild()) this.setState({ reloadSpent: true });
  }

  override render() {
    const { error, reloadSpent } = this.state;
    if (error === undefined) return this.props.children;
    if (isMissingChunk(error) && !reloadSpent) return null;
    return <RouteError error={error} />;
  }
}
