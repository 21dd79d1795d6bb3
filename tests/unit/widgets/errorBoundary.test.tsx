// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ErrorBoundary from '../../../src/islands/ErrorBoundary.tsx';

function Broken(): never {
  throw new Error('The widget fell over');
}

describe('a widget that throws', () => {
  it('shows the fallback with the message and a Back button, and leaves the rest alone', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const back = vi.spyOn(history, 'back').mockImplementation(() => {});
    render(
      <main>
        <p>The article stays readable.</p>
        <ErrorBoundary labels={{ title: 'Unexpected Application Error!', back: 'Back' }}>
          <Broken />
        </ErrorBoundary>
      </main>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Unexpected Application Error!');
    expect(screen.getByText('The widget fell over')).toBeTruthy();
    expect(screen.getByText('The article stays readable.')).toBeTruthy();
    history.pushState(null, '', '/two');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(back).toHaveBeenCalled();
  });

  it('renders its children when nothing throws', () => {
    render(
      <ErrorBoundary labels={{ title: 'x', back: 'y' }}>
        <p>Fine</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('Fine')).toBeTruthy();
  });
});
