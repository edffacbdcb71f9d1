import { Component, type ReactNode } from 'react';

interface Props {
  fallback: (error: Error, retry: () => void) => ReactNode;
  onRetry?: () => void;
  children: ReactNode;
}

/** Catches a remote that fails to load or throws while rendering, so a route never goes blank. */
export class RemoteErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error('Module failed:', error);
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error) return this.props.fallback(this.state.error, this.retry);
    return this.props.children;
  }
}
