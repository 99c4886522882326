import { Component } from 'react';
import type { ReactNode } from 'react';
import { I18nContext } from '../i18n';
import { heading } from './styles';

/** Catches a render error anywhere below and says so in the payer's language instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  static contextType = I18nContext;
  declare context: React.ContextType<typeof I18nContext>;
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert">
        <p className={heading}>{this.context.t('core.error.boundary')}</p>
      </div>
    );
  }
}
