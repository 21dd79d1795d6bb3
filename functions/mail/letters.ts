// Letters made for one recipient: the links carry signed tokens (mail/tokens.ts), never the address,
// and every letter has a visible unsubscribe link and the RFC 8058 one-click headers.
import { render } from '@react-email/components';
import { createElement as h, type ReactElement } from 'react';
import type { Lang } from '../contract.ts';
import { ConfirmLetter, confirmSubject } from './templates/ConfirmLetter.ts';
import { IssueLetter } from './templates/IssueLetter.ts';
import { confirmToken, unsubscribeToken } from './tokens.ts';
import type { Letter } from './transport.ts';

export interface Recipient {
  id: string;
  email: string;
  language: Lang;
}

/** What every letter needs: the key for the tokens and the site's public address (no trailing slash). */
export interface LetterContext {
  secret: string;
  siteUrl: string;
}

/** A page of the site in a language: `/unsubscribe` or `/bg/unsubscribe`. */
const pageUrl = (siteUrl: string, language: Lang, path: string) =>
  `${siteUrl}${language === 'bg' ? '/bg' : ''}${path}`;

function unsubscribeLinks({ secret, siteUrl }: LetterContext, recipient: Recipient) {
  const token = unsubscribeToken(secret, recipient.id);
  return {
    page: `${pageUrl(siteUrl, recipient.language, '/unsubscribe')}?token=${token}`,
    oneClick: `${siteUrl}/api/unsubscribe?token=${token}`,
  };
}

async function renderLetter(element: ReactElement) {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}

function listHeaders(oneClick: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/**
 * The confirmation letter, with the link it carries (the serve process prints it for a local run).
 * `queuedId`, the mail queue's row, makes its Message-ID: the same for every try of that letter.
 */
export async function confirmationLetter(
  context: LetterContext,
  recipient: Recipient,
  issuedAt = new Date(),
  queuedId?: number,
): Promise<Letter & { confirmUrl: string }> {
  const { language } = recipient;
  const token = confirmToken(context.secret, recipient.id, issuedAt);
  const confirmUrl = `${pageUrl(context.siteUrl, language, '/subscribe/confirm')}?token=${token}`;
  const unsubscribe = unsubscribeLinks(context, recipient);
  const parts = await renderLetter(
    h(ConfirmLetter, { language, siteUrl: context.siteUrl, confirmUrl, unsubscribeUrl: unsubscribe.page }),
  );
  return {
    to: recipient.email,
    subject: confirmSubject(language),
    ...parts,
    headers: listHeaders(unsubscribe.oneClick),
    ...(queuedId === undefined
      ? {}
      : { messageId: `<confirm.${queuedId}.${recipient.id}@${new URL(context.siteUrl).hostname}>` }),
    confirmUrl,
  };
}

/** One language of an issue, as read from content/newsletter. */
export interface IssueText {
  subject: string;
  preview: string;
  markdown: string;
}

/** An issue for one subscriber; the same Message-ID every time, so a resent copy shows once. */
export async function issueLetter(
  context: LetterContext,
  recipient: Recipient,
  slug: string,
  issue: IssueText,
): Promise<Letter> {
  const unsubscribe = unsubscribeLinks(context, recipient);
  const parts = await renderLetter(
    h(IssueLetter, {
      language: recipient.language,
      siteUrl: context.siteUrl,
      unsubscribeUrl: unsubscribe.page,
      preview: issue.preview,
      markdown: issue.markdown,
    }),
  );
  return {
    to: recipient.email,
    subject: issue.subject,
    ...parts,
    headers: listHeaders(unsubscribe.oneClick),
    messageId: `<${slug}.${recipient.id}@${new URL(context.siteUrl).hostname}>`,
  };
}
