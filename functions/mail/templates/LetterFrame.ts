// The frame of every letter: the brand on top, the content, and a footer saying why it came with the
// unsubscribe link (letters to the operator say why in their own words and have nothing to unsubscribe).
// Written with createElement rather than JSX so Node runs it as plain TypeScript, like the rest of functions/.
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { type CSSProperties, createElement as h, type ReactNode } from 'react';
import type { Lang } from '../../contract.ts';
import { mailText } from '../texts.ts';

/** The site's colours (src/styles/global.css), on a light page: mail programs mangle dark ones. */
export const colours = {
  night: '#140b2b',
  plum: '#2a1152',
  grape: '#5b2a86',
  sun: '#ffd166',
  mint: '#7ef0c4',
  cream: '#fff8ec',
} as const;

export const font = "'Nunito', 'Segoe UI', Helvetica, Arial, sans-serif";

/** A link in a letter's content. */
export const boldLink: CSSProperties = { color: colours.grape, fontWeight: 700 };

/** The first line of a letter's content, in the site's weight. */
export const greeting: CSSProperties = { fontSize: '20px', fontWeight: 800, margin: '16px 0 8px' };

/** A pill-shaped button in one of the site's colours. */
export const button = (backgroundColor: string, padding: string, fontSize: string): CSSProperties => ({
  backgroundColor,
  color: colours.night,
  borderRadius: '999px',
  padding,
  fontWeight: 800,
  fontSize,
});

const styles: Record<string, CSSProperties> = {
  body: { backgroundColor: colours.cream, margin: 0, padding: '24px 0', fontFamily: font },
  container: { maxWidth: '560px', backgroundColor: '#ffffff', borderRadius: '16px', overflow: 'hidden' },
  header: { backgroundColor: colours.plum, padding: '24px 32px' },
  brand: { color: colours.sun, fontSize: '22px', fontWeight: 900, letterSpacing: '0.04em', margin: 0 },
  tagline: { color: colours.mint, fontSize: '14px', margin: '4px 0 0' },
  content: { padding: '8px 32px 8px', color: colours.night, fontSize: '16px', lineHeight: '1.6' },
  footer: { padding: '0 32px 24px', color: colours.grape, fontSize: '13px', lineHeight: '1.5' },
  link: { color: colours.grape, fontWeight: 700, textDecoration: 'underline' },
};

export interface FrameProps {
  language: Lang;
  preview: string;
  siteUrl: string;
  /** A subscriber's unsubscribe page; absent in a letter to the operator. */
  unsubscribeUrl?: string;
}

/** The whole letter around `content`. */
export function letterFrame(
  { language, preview, siteUrl, unsubscribeUrl }: FrameProps,
  content: ReactNode[],
) {
  const t = mailText(language);
  const why = t(unsubscribeUrl ? 'letter.why' : 'moderation.why', { site: new URL(siteUrl).host });
  return h(
    Html,
    { lang: language },
    h(Head, null),
    h(Preview, null, preview),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(
          Section,
          { style: styles.header },
          h(Text, { style: styles.brand }, t('letter.brand')),
          h(Text, { style: styles.tagline }, t('letter.tagline')),
        ),
        h(Section, { style: styles.content }, ...content),
        h(Hr, { style: { borderColor: colours.cream, margin: '16px 32px' } }),
        h(
          Section,
          { style: styles.footer },
          h(Text, { style: { margin: '0 0 8px' } }, why),
          unsubscribeUrl &&
            h(
              Text,
              { style: { margin: 0 } },
              `${t('letter.unsubscribeHint')} `,
              h(Link, { href: unsubscribeUrl, style: styles.link }, t('letter.unsubscribe')),
            ),
        ),
      ),
    ),
  );
}
