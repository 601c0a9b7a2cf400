/** Keeps one region's crash from blanking the window: the region shows what broke and a way to retry. */
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  region: string;
  children: ReactNode;
}

interface State {
  error?: Error;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = {};

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[${this.props.region}] crashed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="region-error" role="alert">
        <strong>{this.props.region} stopped working.</strong>
        <div className="field-help">{this.state.error.message}</div>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => this.setState({ error: undefined })}>
          Try again
        </button>
      </div>
    );
  }
}
