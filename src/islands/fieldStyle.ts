/**
 * The border of every text field: at least 3:1 against the cards the fields sit on, so the field can be
 * seen (non-text contrast; tests/unit/fieldContrast.test.ts computes it), mint while focused, and coral
 * while in error, beside its message (fieldErrors.tsx).
 */
export const fieldBorder = 'border-2 border-haze/70 focus:border-mint aria-invalid:border-coral';
