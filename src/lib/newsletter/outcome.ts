/** Shows the elements of `root` whose `data-outcome` lists `outcome`, and hides the others. */
export function showOutcome(root: HTMLElement, outcome: string): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-outcome]')) {
    element.hidden = !element.dataset.outcome?.split(' ').includes(outcome);
  }
}
