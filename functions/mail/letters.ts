// Letters made for one recipient: the links carry signed tokens (mail/tokens.ts), never the address,
// and every letter to a subscriber has a visible unsubscribe link and the RFC 8058 one-click headers.
import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import { Markdown } from '@react-email/markdown';
import { render } from '@react-email/render';
import { Text } from '@react-email/text';
import { createElement as h, type ReactNode } from 'react';
import { type Lang, localizePath } from '../contract.ts';
import type { subscribers } from '../db/schema.ts';
import type { ProblemCode } from '../health/problems.ts';
import { fillCourseMarkdown, loadCourse } from '../newsletter/course.ts';
import type { IssueText } from '../newsletter/issueSchema.ts';
import {
  boldLink,
  button,
  colours,
  type FrameProps,
  font,
  greeting,
  letterFrame,
} from './templates/LetterFrame.ts';
import { mailText } from './texts.ts';
import { confirmToken, unsubscribeToken } from './tokens.ts';
import type { Letter } from './transport.ts';

/** Who a letter to a subscriber goes to. */
export type Recipient = Pick<typeof subscribers.$inferSelect, 'id' | 'email' | 'language'>;

/** What every letter needs: the key for the tokens and the site's public address (no trailing slash). */
export type LetterContext = Record<'secret' | 'siteUrl', string>;

/** A line under a letter's content. */
const note = { fontSize: '14px', marginTop: '20px' };
const heading = { color: colours.plum, fontFamily: font, fontWeight: 900, lineHeight: '1.25' };

/** A page of the site in a language: `/unsubscribe` or `/bg/unsubscribe`. */
export const pageUrl = (siteUrl: string, language: Lang, path: string) =>
  `${siteUrl}${localizePath(path, language)}`;

/** The framed content as the letter's HTML and plain-text parts. */
async function renderLetter(frame: FrameProps, content: ReactNode[]) {
  const element = letterFrame(frame, content);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}

/**
 * A letter to a subscriber with their unsubscribe link and headers. `id` makes its Message-ID, the same
 * for every try of the same letter, so a copy sent again shows once.
 */
async function subscriberLetter(
  { secret, siteUrl }: LetterContext,
  recipient: Recipient,
  letter: { id: string; subject: string; preview: string; content: ReactNode[] },
): Promise<Letter> {
  const token = unsubscribeToken(secret, recipient.id);
  // Page links carry the token in the fragment, which no request, proxy or CDN log ever holds; the
  // one-click header's URL must carry it in the query (RFC 8058: the provider POSTs to that URL).
  const unsubscribeUrl = `${pageUrl(siteUrl, recipient.language, '/unsubscribe')}#token=${token}`;
  const { language } = recipient;
  return {
    to: recipient.email,
    subject: letter.subject,
    ...(await renderLetter({ language, preview: letter.preview, siteUrl, unsubscribeUrl }, letter.content)),
    headers: {
      'List-Unsubscribe': `<${siteUrl}/api/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    messageId: `<${letter.id}.${recipient.id}@${new URL(siteUrl).hostname}>`,
  };
}

/**
 * The confirmation letter, with the link it carries (the serve process prints it for a local run).
 * `queuedId`, the mail queue's row, makes its Message-ID: the same for every try of that letter.
 */
export async function confirmationLetter(
  context: LetterContext,
  recipient: Recipient,
  issuedAt: Date,
  queuedId: number,
): Promise<Letter & { confirmUrl: string }> {
  const t = mailText(recipient.language);
  const token = confirmToken(context.secret, recipient.id, issuedAt);
  const confirmUrl = `${pageUrl(context.siteUrl, recipient.language, '/subscribe/confirm')}#token=${token}`;
  const letter = await subscriberLetter(context, recipient, {
    id: `confirm.${queuedId}`,
    subject: t('confirm.subject'),
    preview: t('confirm.preview'),
    // One button; it names no address and repeats nothing the visitor typed.
    content: [
      h(Text, { style: greeting }, t('confirm.greeting')),
      h(Text, null, t('confirm.body')),
      h(Button, { href: confirmUrl, style: button(colours.mint, '14px 28px', '16px') }, t('confirm.button')),
      h(Text, { style: note }, t('confirm.linkHint')),
      h(
        Text,
        { style: { fontSize: '13px', wordBreak: 'break-all', margin: 0 } },
        h(Link, { href: confirmUrl, style: { color: colours.grape } }, confirmUrl),
      ),
      h(Text, { style: note }, t('confirm.ignore')),
    ],
  });
  return { ...letter, confirmUrl };
}

/**
 * An issue for one subscriber: its Markdown, then a link to the site's home page. The same Message-ID
 * every time, so a resent copy shows once.
 */
export function issueLetter(context: LetterContext, recipient: Recipient, slug: string, issue: IssueText) {
  const home = pageUrl(context.siteUrl, recipient.language, '/');
  const markdown = h(Markdown, {
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
    children: issue.markdown,
  });
  const readOnSite = `${mailText(recipient.language)('issue.readOnSite')} →`;
  const content = [markdown, h(Text, null, h(Link, { href: home, style: boldLink }, readOnSite))];
  return subscriberLetter(context, recipient, { ...issue, id: slug, content });
}

/**
 * Letter `step` (0-4) of the course for one subscriber, read from the content folder now: the issue frame,
 * the letter's Markdown with its rare tip (the words of tips.json today) and links to the site's home page
 * in the subscriber's language. The same Message-ID every time, so a letter resent after a crash shows once.
 */
export async function courseLetter(
  contentDir: string,
  context: LetterContext,
  recipient: Recipient,
  step: number,
): Promise<Letter> {
  const letter = (await loadCourse(contentDir))[step];
  if (!letter) throw new Error(`The course has no letter ${step}`);
  const { language } = recipient;
  const text = letter.text[language];
  const tip = `> **${mailText(language)('course.tipLabel')}** ${text.tip}`;
  const markdown = fillCourseMarkdown(text.markdown, tip, pageUrl(context.siteUrl, language, '/'));
  return issueLetter(context, recipient, `course-${step}`, { ...text, markdown });
}

/** A letter to the operator (ADMIN_EMAIL), in their language: nothing to unsubscribe (the frame says why). */
export async function operatorLetter(
  siteUrl: string,
  operator: { email: string; language: Lang },
  letter: { subject: string; preview: string; content: ReactNode[] },
): Promise<Letter> {
  const { language } = operator;
  const parts = await renderLetter({ language, preview: letter.preview, siteUrl }, letter.content);
  return { to: operator.email, subject: letter.subject, ...parts, headers: {} };
}

/**
 * The letter to the operator that a health problem began (`start`) or ended (`end`), in their language.
 * Only the problem's code, its detail (counts and settings, never an address) and times are filled in.
 */
export function healthLetter(
  siteUrl: string,
  operator: { email: string; language: Lang },
  turn: 'start' | 'end',
  problem: { code: ProblemCode; detail: string; since: Date; until?: Date },
) {
  const { language } = operator;
  const t = mailText(language);
  const site = new URL(siteUrl).host;
  const format = { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' } as const;
  const when = (at: Date) => `${at.toLocaleString(language === 'bg' ? 'bg-BG' : 'en-GB', format)} UTC`;
  const vars = {
    site,
    problem: t(`health.problem.${problem.code}`),
    detail: problem.detail,
    since: when(problem.since),
    until: problem.until ? when(problem.until) : '',
  };
  return operatorLetter(siteUrl, operator, {
    subject: t(`health.subject.${turn}`, vars),
    preview: t('health.preview'),
    content: [
      h(Text, { style: greeting }, t(`health.heading.${turn}`)),
      h(Text, null, t(`health.${turn}`, vars)),
      h(Text, { style: note }, t('health.more')),
    ],
  });
}
