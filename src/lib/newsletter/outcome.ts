/**
 * Whether `element` shows. In a stack of outcomes (`.outcomes`, src/styles/global.css) the ones not
 * shown are `invisible` and keep their room, so the stack is as tall as its tallest outcome from the
 * first paint and no outcome moves what is below it; elsewhere they are `hidden`.
 */
export function setShown(element: HTMLElement, shown: boolean): void {
  if (element.parentElement?.classList.contains('outcomes')) element.classList.toggle('invisible', !shown);
  else element.hidden = !shown;
}

export const isShown = (element: HTMLElement): boolean =>
  !element.hidden && !element.classList.contains('invisible');

/** Shows the elements of `root` whose `data-outcome` lists `outcome`, and hides the others. */
export function showOutcome(root: HTMLElement, outcome: string): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-outcome]')) {
    setShown(element, element.dataset.outcome?.split(' ').includes(outcome) ?? false);
  }
}
