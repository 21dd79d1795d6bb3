/** Anything but "absent or blank" in a form's invisible field means a bot filled in the form. */
export function isHoneypotFilled(value: unknown): boolean {
  return !(value === undefined || value === null || value === false || String(value).trim() === '');
}
