import { Component, type ReactNode } from 'react';

interface Props {
  labels: { title: string; back: string };
  children: ReactNode;
}

/**
 * Catches a widget that throws and shows the product's fallback ("Unexpected Application Error!", the
 * message and a Back button) in its place, so the rest of the page keeps working.
 */
export default class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown) {
    console.error('A widget failed:', error);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="rounded-3xl border border-coral/50 bg-coral/10 p-6 text-left">
        <h2 className="font-display text-lg font-bold text-coral">{this.props.labels.title}</h2>
        <p className="mt-2 font-mono text-sm break-words text-cream">{error.message}</p>
        <button
          type="button"
          onClick={() => (history.length > 1 ? history.back() : location.assign('/'))}
          className="mt-4 inline-flex min-h-11 cursor-pointer items-center rounded-full border-2 border-coral px-5 font-bold text-coral hover:bg-coral hover:text-night"
        >
          {this.props.labels.back}
        </button>
      </div>
    );
  }
}
