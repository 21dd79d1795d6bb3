import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readFrontmatter } from '../../functions/frontmatter.ts';

const schema = z.object({ id: z.coerce.number(), title: z.string() });

describe('readFrontmatter', () => {
  it('reads YAML frontmatter with the schema and returns the Markdown after it, trimmed', () => {
    const source = '---\nid: 7\ntitle: "Don\'t \\"panic\\": a guide"\n---\n\n# Heading\n\nText.\n';
    expect(readFrontmatter(source, schema)).toEqual({
      data: { id: 7, title: 'Don\'t "panic": a guide' },
      body: '# Heading\n\nText.',
    });
  });

  it('reads Windows line ends, single-quoted titles and a file that is only frontmatter', () => {
    expect(readFrontmatter("---\r\nid: '3'\r\ntitle: 'It''s fine'\r\n---", schema)).toEqual({
      data: { id: 3, title: "It's fine" },
      body: '',
    });
  });

  it('says when there is no frontmatter at the top', () => {
    expect(readFrontmatter('# Just Markdown\n---\nid: 1\n---\n', schema)).toEqual({
      problem: 'expected frontmatter between --- lines at the top',
    });
  });

  it('names the field the schema refuses', () => {
    expect(readFrontmatter('---\nid: 1\ntitle: 5\n---\nText', schema)).toMatchObject({
      problem: expect.stringMatching(/^title: /),
    });
    expect(readFrontmatter('---\nid: 1\n---\nText', schema)).toMatchObject({
      problem: expect.stringMatching(/^title: /),
    });
  });

  it('says when the frontmatter is not YAML instead of throwing', () => {
    expect(readFrontmatter('---\ntitle: "unclosed\nid: [1\n---\nText', schema)).toMatchObject({
      problem: expect.stringMatching(/^frontmatter is not YAML/),
    });
  });
});
