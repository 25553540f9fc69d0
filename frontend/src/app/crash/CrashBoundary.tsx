import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen';
import { buildErrorReport, sendErrorReport } from './report-error';

interface CrashBoundaryState {
  error: unknown;
  hasError: boolean;
}

/** Catches rendering errors of a page, shows the crash screen and reports the crash (spec §2, §7). */
export class CrashBoundary extends Component<{ children: ReactNode }, CrashBoundaryState> {
  state: CrashBoundaryState = { error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): CrashBoundaryState {
    return { error, hasError: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    void sendErrorReport(buildErrorReport(error, info.componentStack ?? ''));
  }

  render(): ReactNode {
    return this.state.hasError ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
