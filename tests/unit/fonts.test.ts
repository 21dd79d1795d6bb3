import { describe, expect, it } from 'vitest';
import {
  decodeEntities,
  faceText,
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

  it('tells the text of each face from tags, classes, text transforms and island props', () => {
    const { faces, islandText } = faceText(
      [
        '<p>Plain <strong>strong</strong></p>',
        '<h1 class="font-display font-black uppercase">Важен</h1>',
        '<button class="font-display font-black" data-font-text="Чакай">Давай</button>',
        '<p class="font-display font-bold sm:font-semibold">Both</p>',
        '<div class="prose-advice"><h2>Sub</h2><h4>h4</h4></div>',
        '<input class="font-display font-bold" placeholder="you@">',
        '<script>const hidden = "Щ";</script>',
        '<astro-island props="{&quot;labels&quot;:[0,{&quot;ok&quot;:[0,&quot;Готово&quot;]}]}"></astro-island>',
      ].join(''),
    );
    expect(faces.get('sans-400')).toBe('Plain h4');
    expect(faces.get('sans-700')).toBe('strong');
    expect(faces.get('display-900')).toBe('ВаженВАЖЕНЧакайДавай');
    expect(faces.get('display-700')).toBe('BothSubyou@');
    expect(faces.get('display-600')).toBe('Both');
    expect(islandText).toBe('Готово');
  });
});
