import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False in the prerendered HTML and while React hydrates it, true from the first render after: the
 * widgets keep their controls disabled (visibly not ready) until a click or a keystroke can be honoured.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
