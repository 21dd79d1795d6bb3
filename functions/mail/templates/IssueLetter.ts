// An issue of the newsletter: the Markdown of content/newsletter/<language>/<slug>.md in the frame.
import { Link } from '@react-email/link';
import { Markdown } from '@react-email/markdown';
import { Text } from '@react-email/text';
import { createElement as h } from 'react';
import type { MailText } from '../texts.ts';
import { boldLink, colours, font } from './LetterFrame.ts';

const heading = { color: colours.plum, fontFamily: font, fontWeight: 900, lineHeight: '1.25' };

/** The letter's content in the frame (letterFrame), ending with a link to the site's home page. */
export const issueContent = (t: MailText, markdown: string, home: string) => [
  h(Markdown, {
    markdownCustomStyles: {
      h1: { ...heading, fontSize: '26px' },
      h2: { ...heading, fontSize: '20px' },
      p: { margin: '0 0 14px' },
      link: boldLink,
      blockQuote: { borderLeft: `4px solid ${colours.sun}`, margin: '0 0 14px', padding: '2px 0 2px 14px' },
      li: { marginBottom: '6px' },
    },
    markdownContainerStyles: { color: colours.night, fontFamily: font, fontSize: '16px', lineHeight: '1.6' },
    // biome-ignore lint/correctness/noChildrenProp: Markdown's props type requires its text as `children`.
    children: markdown,
  }),
  h(Text, null, h(Link, { href: home, style: boldLink }, `${t('issue.readOnSite')} →`)),
];
