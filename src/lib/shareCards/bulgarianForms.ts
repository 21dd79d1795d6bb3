/**
 * Makes a font draw Bulgarian letter forms by default. Browsers pick them through the `locl` feature of
 * the font's Cyrillic `BGR ` language system when the page says `lang="bg"`; the card renderer shapes
 * text without a language, so the Cyrillic script's default language system is pointed at the
 * Bulgarian one. Returns a patched copy; a font without a Bulgarian system comes back unchanged.
 */
export function withBulgarianForms(ttf: Uint8Array): Uint8Array {
  const font = new Uint8Array(ttf);
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tag = (at: number) => String.fromCharCode(...font.subarray(at, at + 4));
  const tables = view.getUint16(4);
  let gsub = -1;
  for (let i = 0; i < tables; i++) {
    const record = 12 + 16 * i;
    if (tag(record) === 'GSUB') gsub = view.getUint32(record + 8);
  }
  if (gsub < 0) return font;
  const scriptList = gsub + view.getUint16(gsub + 4);
  for (let i = 0; i < view.getUint16(scriptList); i++) {
    const scriptRecord = scriptList + 2 + 6 * i;
    if (tag(scriptRecord) !== 'cyrl') continue;
    const script = scriptList + view.getUint16(scriptRecord + 4);
    for (let j = 0; j < view.getUint16(script + 2); j++) {
      const langSysRecord = script + 4 + 6 * j;
      // Both offsets are relative to the script table, so the Bulgarian one can stand in as the default.
      if (tag(langSysRecord) === 'BGR ') view.setUint16(script, view.getUint16(langSysRecord + 4));
    }
  }
  return font;
}
