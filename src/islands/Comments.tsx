import { useId, useState } from 'react';
import type { Lang } from '../i18n/languages.ts';
import CommentForm from './CommentForm.tsx';
import CommentList from './CommentList.tsx';
import ErrorBoundary from './ErrorBoundary.tsx';
import type { CommentsLabels } from './labelKeys.ts';

interface Props {
  articleId: number;
  lang: Lang;
  labels: CommentsLabels;
}

/** The form to add to an article's comment thread, and the thread (shared by both languages). */
export default function Comments({ articleId, lang, labels }: Props) {
  const [published, setPublished] = useState<number | null>(null);
  const id = useId();
  return (
    <ErrorBoundary labels={{ title: labels['error.title'], back: labels['error.back'] }}>
      <section
        aria-labelledby={`${id}-title`}
        className="rounded-[2rem] border border-white/15 bg-white/5 p-6 sm:p-8"
        data-comments
      >
        <h2 id={`${id}-title`} className="font-display text-xl font-bold text-sun">
          {labels['comments.title']}
        </h2>
        {/* The form first, the thread after it: the thread, whose length is known only once it has come,
            then grows below the form and moves nothing above it. */}
        <CommentForm articleId={articleId} lang={lang} labels={labels} onPublished={setPublished} />
        <CommentList articleId={articleId} lang={lang} labels={labels} focusId={published} />
      </section>
    </ErrorBoundary>
  );
}
