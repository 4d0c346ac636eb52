import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { RouteError } from '@/components/route-error';

type BoundaryProps = { pathname: string; children: ReactNode };
type BoundaryState = { failedAt: string | null };

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failedAt: null };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    // The path is filled in by getDerivedStateFromProps below, which runs on the same render.
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.failedAt === '') return { failedAt: props.pathname };
    // Going elsewhere tries again, as a fresh page would.
    if (state.failedAt !== null && state.failedAt !== props.pathname) return { failedAt: null };
    return null;
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : <RouteError />;
  }
}

/** Shows RouteError when a screen cannot be loaded or crashes; another path tries again. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
