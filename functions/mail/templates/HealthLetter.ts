// The letter to the operator when the site's health check finds a problem, and when it ends. Only the
// problem's code, its detail (counts and settings, never an address) and times are filled in.
import { Text } from '@react-email/text';
import { createElement as h } from 'react';
import type { MailText } from '../texts.ts';
import { greeting } from './LetterFrame.ts';

export const healthContent = (t: MailText, turn: 'start' | 'end', vars: Record<string, string>) => [
  h(Text, { style: greeting }, t(`health.heading.${turn}`)),
  h(Text, null, t(`health.${turn}`, vars)),
  h(Text, { style: { fontSize: '14px', marginTop: '20px' } }, t('health.more')),
];
