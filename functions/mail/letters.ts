// Letters made for one recipient: the links carry signed tokens (mail/tokens.ts), never the address,
// and every letter has a visible unsubscribe link and the RFC 8058 one-click headers.
import { render } from '@react-email/render';
import { createElement as h, type ReactElement } from 'react';
import type { Lang } from '../contract.ts';
import { type CourseLetter, fillCourseMarkdown, loadCourse, tipText } from '../newsletter/course.ts';
import type { IssueText } from '../newsletter/issueSchema.ts';
import { ConfirmLetter, confirmSubject } from './templates/ConfirmLetter.ts';
import { IssueLetter } from './templates/IssueLetter.ts';
import { ModerationLetter, moderationSubject } from './templates/ModerationLetter.ts';
import { mailText } from './texts.ts';
import { confirmToken, moderationToken, unsubscribeToken } from './tokens.ts';
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

/**
 * A letter of the course for one subscriber: the issue frame, the letter's Markdown with its rare tip
 * (`tip`, the words of tips.json today) and links to the site's home page in the subscriber's language.
 * The same Message-ID every time, so a letter resent after a crash shows once.
 */
export async function courseLetter(
  context: LetterContext,
  recipient: Recipient,
  letter: CourseLetter,
  tip: string,
): Promise<Letter> {
  const text = letter.text[recipient.language];
  const markdown = fillCourseMarkdown(text.markdown, {
    tipLabel: mailText(recipient.language)('course.tipLabel'),
    tipText: tip,
    home: pageUrl(context.siteUrl, recipient.language, '/'),
  });
  return issueLetter(context, recipient, `course-${letter.step}`, { ...text, markdown });
}

/** Letter `step` (0-4) of the course for one subscriber, read from the content folder now. */
export async function courseLetterOf(
  contentDir: string | undefined,
  context: LetterContext,
  recipient: Recipient,
  step: number,
): Promise<Letter> {
  if (!contentDir) throw new Error('No content folder to make a letter of the course from');
  const letter = (await loadCourse(contentDir))[step];
  if (!letter) throw new Error(`The course has no letter ${step}`);
  return courseLetter(context, recipient, letter, await tipText(contentDir, letter.tip, recipient.language));
}

/** A held comment as the moderation letter needs it; the links are made here. */
export interface HeldComment {
  id: number;
  articleId: number;
  name: string;
  comment: string;
  createdAt: Date;
  articleTitle: string;
}

/**
 * The letter to the operator about held comments (`more` are counted, not shown), in their language.
 * Its approve and hide links open the moderation page, which shows the comment; only its button acts.
 */
export async function moderationLetter(
  context: LetterContext,
  operator: { email: string; language: Lang },
  held: HeldComment[],
  more: number,
  issuedAt = new Date(),
): Promise<Letter> {
  const { language } = operator;
  const page = pageUrl(context.siteUrl, language, '/moderate');
  const comments = held.map((comment) => ({
    ...comment,
    articleUrl: pageUrl(context.siteUrl, language, `/blog/${comment.articleId}`),
    approveUrl: `${page}?token=${moderationToken(context.secret, 'approve', comment.id, issuedAt)}`,
    hideUrl: `${page}?token=${moderationToken(context.secret, 'hide', comment.id, issuedAt)}`,
  }));
  const parts = await renderLetter(
    h(ModerationLetter, { language, siteUrl: context.siteUrl, comments, more }),
  );
  return { to: operator.email, subject: moderationSubject(language, comments, more), ...parts, headers: {} };
}
