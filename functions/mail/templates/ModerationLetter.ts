// The letter to the operator about held comments: for each, the article, the name, the text and two
// buttons. The name and text are what a visitor typed: they are passed as React children, which React
// escapes in the HTML part (no markup or styles of theirs survive), and never into a text template.
import { Button } from '@react-email/button';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { type CSSProperties, createElement as h } from 'react';
import type { Lang } from '../../contract.ts';
import type { comments } from '../../db/schema.ts';
import { type LetterContext, operatorLetter, pageUrl } from '../letters.ts';
import { type MailText, mailText } from '../texts.ts';
import { moderationToken } from '../tokens.ts';
import { boldLink, button, colours, greeting } from './LetterFrame.ts';

/** A held comment as the letter shows it, with its article's title. */
export type HeldComment = Pick<
  typeof comments.$inferSelect,
  'id' | 'articleId' | 'name' | 'comment' | 'createdAt' | 'language'
> & {
  articleTitle: string;
};
type HeldCommentInLetter = HeldComment & Record<'articleUrl' | 'approveUrl' | 'hideUrl', string>;

const quote: CSSProperties = {
  borderLeft: `4px solid ${colours.sun}`,
  padding: '2px 0 2px 14px',
  margin: '8px 0 12px',
  wordBreak: 'break-word',
};

const moderationButton = (background: string) => ({
  ...button(background, '10px 22px', '15px'),
  marginRight: '8px',
});

function commentBlock(t: MailText, language: Lang, comment: HeldCommentInLetter) {
  const format = { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' } as const;
  const date = comment.createdAt.toLocaleString(language === 'bg' ? 'bg-BG' : 'en-GB', format);
  return h(
    Section,
    { key: comment.id, style: { borderTop: `1px solid ${colours.cream}`, padding: '12px 0' } },
    h(
      Text,
      { style: { margin: '0 0 4px', fontSize: '14px' } },
      `#${comment.id} · ${t('moderation.article')} `,
      h(Link, { href: comment.articleUrl, style: boldLink }, comment.articleTitle),
      ` · ${t('moderation.written', { date: `${date} UTC` })}`,
    ),
    h(Text, { style: { margin: '0', fontWeight: 800 } }, `${t('moderation.name')}: `, comment.name),
    // Line breaks as <br>, so the plain-text part keeps them too.
    h(
      Text,
      { style: quote },
      ...comment.comment.split('\n').flatMap((line, i) => (i === 0 ? [line] : [h('br', { key: i }), line])),
    ),
    h(
      Section,
      null,
      h(Button, { href: comment.approveUrl, style: moderationButton(colours.mint) }, t('moderation.approve')),
      // A space, so the plain-text part does not glue the second button's name to the first link.
      ' ',
      h(Button, { href: comment.hideUrl, style: moderationButton(colours.sun) }, t('moderation.hide')),
    ),
  );
}

/**
 * The letter to the operator about held comments (`more` are counted, not shown), in their language. The
 * subject names the article for one comment, the count for several; never what a visitor typed. Its
 * approve and hide links open the moderation page, which shows the comment; only its button acts.
 */
export function moderationLetter(
  { secret, siteUrl }: LetterContext,
  operator: { email: string; language: Lang },
  held: HeldComment[],
  more: number,
  issuedAt: Date,
) {
  const { language } = operator;
  const t = mailText(language);
  const page = pageUrl(siteUrl, language, '/moderate');
  const comments = held.map((comment) => ({
    ...comment,
    // The article in the language the comment was written in, the page it was written on.
    articleUrl: pageUrl(siteUrl, comment.language, `/blog/${comment.articleId}`),
    approveUrl: `${page}#token=${moderationToken(secret, 'approve', comment.id, issuedAt)}`,
    hideUrl: `${page}#token=${moderationToken(secret, 'hide', comment.id, issuedAt)}`,
  }));
  const total = comments.length + more;
  const count = String(total);
  return operatorLetter(siteUrl, operator, {
    subject:
      total === 1
        ? t('moderation.subject.one', { article: comments[0]?.articleTitle ?? '' })
        : t('moderation.subject.many', { count }),
    preview: t('moderation.preview'),
    content: [
      h(
        Text,
        { style: greeting },
        total === 1 ? t('moderation.heading.one') : t('moderation.heading.many', { count }),
      ),
      h(Text, null, t('moderation.body')),
      h(Text, { style: { fontSize: '14px' } }, t('moderation.caution')),
      ...comments.map((comment) => commentBlock(t, language, comment)),
      more > 0 && h(Text, { style: { fontSize: '14px' } }, t('moderation.more', { count: String(more) })),
      h(Text, { style: { fontSize: '14px', marginTop: '20px' } }, t('moderation.expiry')),
    ],
  });
}
