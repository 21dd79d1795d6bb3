// The confirmation letter: one button. It names no address and repeats nothing the visitor typed.
import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { createElement as h } from 'react';
import type { Lang } from '../../contract.ts';
import { mailText } from '../texts.ts';
import { colours, LetterFrame } from './LetterFrame.ts';

export interface ConfirmLetterProps {
  language: Lang;
  siteUrl: string;
  confirmUrl: string;
  unsubscribeUrl: string;
}

export function ConfirmLetter({ language, siteUrl, confirmUrl, unsubscribeUrl }: ConfirmLetterProps) {
  const t = mailText(language);
  return h(
    LetterFrame,
    { language, t, preview: t('confirm.preview'), siteUrl, unsubscribeUrl },
    h(Text, { style: { fontSize: '20px', fontWeight: 800, margin: '16px 0 8px' } }, t('confirm.greeting')),
    h(Text, null, t('confirm.body')),
    h(
      Button,
      {
        href: confirmUrl,
        style: {
          backgroundColor: colours.mint,
          color: colours.night,
          borderRadius: '999px',
          padding: '14px 28px',
          fontWeight: 800,
          fontSize: '16px',
        },
      },
      t('confirm.button'),
    ),
    h(Text, { style: { fontSize: '14px', marginTop: '20px' } }, t('confirm.linkHint')),
    h(
      Text,
      { style: { fontSize: '13px', wordBreak: 'break-all', margin: 0 } },
      h(Link, { href: confirmUrl, style: { color: colours.grape } }, confirmUrl),
    ),
    h(Text, { style: { fontSize: '14px', marginTop: '20px' } }, t('confirm.ignore')),
  );
}

export const confirmSubject = (language: Lang) => mailText(language)('confirm.subject');
