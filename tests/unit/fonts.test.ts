import { describe, expect, it } from 'vitest';
import {
  decodeEntities,
  headingFace,
  pageCharacters,
  pageLang,
  stylesheetWeights,
} from '../../src/lib/fonts/pageText.ts';

describe('what a built page asks of its fonts', () => {
  it('reads text and attribute values, not scripts and styles', () => {
    const html =
      '<html lang="bg"><style>.x{content:"Ж"}</style><script>const q = "Щ";</script><p title="Ю">Да&nbsp;&#8594;&#x2192;&amp;</p></html>';
    const chars = pageCharacters(html);
    for (const ch of ['Д', 'а', 'Ю', '\u00a0', '→', '&']) expect(chars.has(ch)).toBe(true);
    expect(chars.has('Ж')).toBe(false);
    expect(chars.has('Щ')).toBe(false);
    expect(pageLang(html)).toBe('bg');
  });

  it('decodes numeric and common named references and leaves unknown ones', () => {
    expect(decodeEntities('&lt;a&gt; &quot;&#39;&#x41; &bogus;')).toBe('<a> "\'A &bogus;');
  });

  it('finds the weights a stylesheet names, always with 400 and 700', () => {
    const css =
      ':root{--font-weight-semibold:600;--font-weight-black:900}.font-black{font-weight:var(--font-weight-black)}b{font-weight: 800}';
    expect([...stylesheetWeights(css)].sort()).toEqual([400, 600, 700, 800, 900]);
  });

  it('names the face of the main heading', () => {
    expect(headingFace('<h1 id="t" class="mt-3 font-display text-4xl font-black">')).toEqual({
      family: 'display',
      weight: 900,
    });
    expect(headingFace('<h1 class="text-xl">')).toEqual({ family: 'sans', weight: 400 });
    expect(headingFace('<p>no heading</p>')).toBeUndefined();
  });
});
