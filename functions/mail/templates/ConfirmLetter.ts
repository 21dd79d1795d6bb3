// The confirmation letter: one button. It names no address and repeats nothing the visitor typed.
import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { createElement as h } from 'react';
import type { MailText } from '../texts.ts';
import { button, colours, greeting } from './LetterFrame.ts';

/** The letter's content in the frame (letterFrame). */
export const confirmContent = (t: MailText, confirmUrl: string) => [
  h(Text, { style: greeting }, t('confirm.greeting')),
  h(Text, null, t('confirm.body')),
  h(Button, { href: confirmUrl, style: button(colours.mint, '14px 28px', '16px') }, t('confirm.button')),
  h(Text, { style: { fontSize: '14px', marginTop: '20px' } }, t('confirm.linkHint')),
  h(
    Text,
    { style: { fontSize: '13px', wordBreak: 'break-all', margin: 0 } },
    h(Link, { href: confirmUrl, style: { color: colours.grape } }, confirmUrl),
  ),
  h(Text, { style: { fontSize: '14px', marginTop: '20px' } }, t('confirm.ignore')),
];
