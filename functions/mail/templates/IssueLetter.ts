// An issue of the newsletter: the Markdown of content/newsletter/<language>/<slug>.md in the frame.
import { Link } from '@react-email/link';
import { Markdown } from '@react-email/markdown';
import { Text } from '@react-email/text';
import { createElement as h } from 'react';
import type { Lang } from '../../contract.ts';
import { mailText } from '../texts.ts';
import { colours, font, LetterFrame } from './LetterFrame.ts';

export interface IssueLetterProps {
  language: Lang;
  siteUrl: string;
  unsubscribeUrl: string;
  preview: string;
  markdown: string;
}

const heading = { color: colours.plum, fontFamily: font, fontWeight: 900, lineHeight: '1.25' };

export function IssueLetter({ language, siteUrl, unsubscribeUrl, preview, markdown }: IssueLetterProps) {
  const t = mailText(language);
  const home = language === 'bg' ? `${siteUrl}/bg/` : `${siteUrl}/`;
  return h(
    LetterFrame,
    { language, t, preview, siteUrl, unsubscribeUrl },
    h(Markdown, {
      markdownCustomStyles: {
        h1: { ...heading, fontSize: '26px' },
        h2: { ...heading, fontSize: '20px' },
        p: { margin: '0 0 14px' },
        link: { color: colours.grape, fontWeight: 700 },
        blockQuote: { borderLeft: `4px solid ${colours.sun}`, margin: '0 0 14px', padding: '2px 0 2px 14px' },
        li: { marginBottom: '6px' },
      },
      markdownContainerStyles: {
        color: colours.night,
        fontFamily: font,
        fontSize: '16px',
        lineHeight: '1.6',
      },
      // biome-ignore lint/correctness/noChildrenProp: Markdown's props type requires its text as `children`.
      children: markdown,
    }),
    h(
      Text,
      null,
      h(Link, { href: home, style: { color: colours.grape, fontWeight: 700 } }, `${t('issue.readOnSite')} →`),
    ),
  );
}
