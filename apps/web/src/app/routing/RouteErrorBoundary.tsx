import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';

interface Props {
  /** Shown instead of the routes below while the page at `locationKey` has thrown. */
  fallback: ReactNode;
  locationKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  locationKey: string;
}

/**
 * The declarative router (decision 0250) has no `errorElement`: this does its job. A page that throws
 * while rendering shows `fallback`; moving to another address (a link in the header, Back) renders the
 * routes again, as the data router's error element did.
 */
class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('A page threw a nullish value') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.locationKey === state.locationKey
      ? null
      : { error: undefined, locationKey: props.locationKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // What the data router logged: the page is replaced, the cause must stay findable in the console.
    console.error('A page failed while rendering', error, info.componentStack);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : this.props.fallback;
  }
}

/** A layout route: its child routes, or `fallback` when one of them throws while rendering. */
export function RouteErrorBoundary({ fallback }: { fallback: ReactNode }) {
  const { key } = useLocation();
  return (
    <ErrorBoundary fallback={fallback} locationKey={key}>
      <Outlet />
    </ErrorBoundary>
  );
}
