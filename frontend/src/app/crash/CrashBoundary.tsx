import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen';
import { buildErrorReport, sendErrorReport } from './report-error';

interface CrashBoundaryProps {
  children: ReactNode;
  /** What to show instead of the crashed tree; the crash screen by default. */
  fallback?: (error: unknown) => ReactNode;
  /** When this changes (the visitor navigated), the boundary tries its children again. */
  resetKey?: string;
}

interface CrashBoundaryState {
  error: unknown;
  hasError: boolean;
  erroredAt?: string;
}

/** Catches rendering errors, shows the crash screen and reports the crash (docs/product.md §2, §7). */
export class CrashBoundary extends Component<CrashBoundaryProps, CrashBoundaryState> {
  state: CrashBoundaryState = { error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): Partial<CrashBoundaryState> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: CrashBoundaryProps, state: CrashBoundaryState): Partial<CrashBoundaryState> {
    if (!state.hasError) return { erroredAt: props.resetKey };
    return props.resetKey === state.erroredAt ? {} : { error: undefined, hasError: false, erroredAt: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    void sendErrorReport(buildErrorReport(error, info.componentStack ?? ''));
  }

  render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    return this.props.fallback ? this.props.fallback(this.state.error) : <ErrorScreen error={this.state.error} />;
  }
}
