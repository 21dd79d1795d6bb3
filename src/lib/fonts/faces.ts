/** A family (by its theme name, `display`) at one weight. */
export interface Face {
  family: string;
  weight: number;
}

export const sameFace = (a: Face, b: Face) => a.family === b.family && a.weight === b.weight;

/** Values by face: a map keyed by the family and weight together, so no key is ever taken apart. */
export class FaceMap<V> {
  readonly #entries = new Map<string, { face: Face; value: V }>();

  static #id = (face: Face) => JSON.stringify([face.family, face.weight]);

  get(face: Face): V | undefined {
    return this.#entries.get(FaceMap.#id(face))?.value;
  }

  has(face: Face): boolean {
    return this.#entries.has(FaceMap.#id(face));
  }

  set(face: Face, value: V): this {
    this.#entries.set(FaceMap.#id(face), { face: { family: face.family, weight: face.weight }, value });
    return this;
  }

  /** The value for `face`, made by `make` and kept on first use. */
  upsert(face: Face, make: () => V): V {
    const value = this.get(face) ?? make();
    this.set(face, value);
    return value;
  }

  *[Symbol.iterator](): IterableIterator<[Face, V]> {
    for (const { face, value } of this.#entries.values()) yield [face, value];
  }
}
