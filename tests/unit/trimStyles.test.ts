import { describe, expect, it } from 'vitest';
import { classCandidates, trimStyles } from '../../src/lib/styles/trimStyles.ts';

// The shape of Tailwind's output, cut down: utilities (one inside a media query), a translucent colour
// with its color-mix() copy, the custom properties some utilities use, and their fallback block.
const css = [
  '@layer properties{@supports (((-webkit-hyphens:none)) and (not (margin-trim:block))){*,:before,:after{--tw-shadow:0 0 #0000;--tw-blur:initial}}}',
  '@layer theme{:root{--color-sun:#ffd166}}',
  '@layer utilities{.mt-4{margin-top:1rem}.grayscale{--tw-blur:grayscale(100%);filter:var(--tw-blur,)}',
  '.shadow-lg{--tw-shadow:0 10px 15px #0000001a;box-shadow:var(--tw-shadow)}',
  '.border-white\\/15{border-color:#ffffff26}@supports (color:color-mix(in lab, red, red)){.border-white\\/15{border-color:color-mix(in oklab,#fff 15%,transparent)}}',
  '@media (width>=40rem){.sm\\:mt-14{margin-top:3.5rem}.sm\\:mt-16{margin-top:4rem}}',
  '@media (hover:hover){.hover\\:bg-sun:hover{background-color:var(--color-sun)}}}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-blur{syntax:"*";inherits:false}',
].join('');

describe("a page's inline styles", () => {
  const trimmed = trimStyles(css, classCandidates(['<p class="mt-4 shadow-lg sm:mt-14 border-white/15">']));

  it('keep the utilities the page names, also inside media queries', () => {
    expect(trimmed).toContain('.mt-4{');
    expect(trimmed).toContain('.shadow-lg{');
    expect(trimmed).toContain('.sm\\:mt-14{');
    expect(trimmed).toContain('.border-white\\/15{border-color:#ffffff26}');
  });

  it('lose the utilities it does not name, and media queries left empty', () => {
    expect(trimmed).not.toContain('grayscale');
    expect(trimmed).not.toContain('sm\\:mt-16');
    expect(trimmed).not.toContain('hover');
  });

  it('lose the color-mix() copy of a hex colour', () => {
    expect(trimmed).not.toContain('color-mix');
  });

  it('lose the custom properties nothing left uses, and keep the others', () => {
    expect(trimmed).toContain('@property --tw-shadow');
    expect(trimmed).not.toContain('--tw-blur');
    expect(trimmed).toContain('--tw-shadow:0 0 #0000');
  });

  it('keep a class a script names anywhere, as Tailwind would find it', () => {
    const fromScript = trimStyles(css, classCandidates(['e.className=x?"grayscale":`hover:bg-sun`']));
    expect(fromScript).toContain('.grayscale{');
    expect(fromScript).toContain('.hover\\:bg-sun:hover');
    expect(fromScript).toContain('--tw-blur');
  });
});
