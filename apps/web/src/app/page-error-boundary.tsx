import { Component, type ReactNode } from 'react';
import { RouteError } from './route-error';

type Props = { children: ReactNode };

/**
 * Shows the router's error page when a page throws while rendering or its code fails to load
 * (a new deployment removed the chunk this tab asked for). The layout keys it by path, so
 * navigating elsewhere starts afresh.
 */
export class PageErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}
