import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { fill } from '../i18n/fill.ts';
import type { Lang } from '../i18n/languages.ts';
import { canSharePictures, shareTip } from '../lib/shareTip.ts';
import type { HelpLink } from '../lib/tips/careTips.ts';
import { $advice, $feedback, $history, rateTip, type ShownTip } from '../stores/advice.ts';
import Feedback from './advice/Feedback.tsx';
import HistoryNav from './advice/HistoryNav.tsx';
import ManualLink from './advice/ManualLink.tsx';
import PictureLinks, { type SavedPicture } from './advice/PictureLinks.tsx';
import TipFigure from './advice/TipFigure.tsx';
import WisdomButton from './advice/WisdomButton.tsx';
import { Icon, thoughtIcon } from './icons.tsx';
import type { AdviceLabels } from './labelKeys.ts';

interface Props {
  lang: Lang;
  /** Where this language's combined list (regular and rare tips, see combinedList.ts) is, e.g. `/bg/tips.json`. */
  tipsUrl: string;
  labels: AdviceLabels;
  /** Path of a tip's own page with `{id}` for the id, e.g. `/bg/tips/{id}`. */
  tipPath: string;
  /** Shown instead of sharing and rating under a tip for someone in crisis (careTips.ts). */
  help: { label: string; links: readonly HelpLink[] };
  /**
   * The tips that take the most room (sizerTips.ts), laid invisibly in the card's one grid cell under
   * what is shown, so the card is as tall at every width as its tallest tip and GET WISDOM never moves.
   */
  sizers: readonly ShownTip[];
}

/** The home page's generator: the advice card, "GET WISDOM", and like/dislike feedback for each tip. */
export default function AdviceGenerator({ lang, tipsUrl, labels, tipPath, help, sizers }: Props) {
  const advice = useStore($advice);
  const feedback = useStore($feedback);
  const history = useStore($history);
  const button = useRef<HTMLButtonElement>(null);
  // The link of a tip that could be neither shared nor copied, shown for copying by hand.
  const [manualLink, setManualLink] = useState<{ tipId: string; url: string } | null>(null);
  // A tip's pictures, offered to save where the share sheet could not take them.
  const [pictures, setPictures] = useState<{ tipId: string; saved: SavedPicture[] } | null>(null);

  const loading = advice.status === 'loading';
  const tip = advice.status === 'welcome' ? null : advice.tip;
  const shareLabel = labels['advice.share'];

  const rate = (rating: 0 | 1) => {
    rateTip(rating);
    // The buttons give way to the thanks, so keep keyboard focus on the next natural action.
    button.current?.focus();
  };

  // Drawn in the browser on the press, by a module and fonts asked for only then (src/lib/sharePicture/).
  const drawing = () => import('../lib/sharePicture/tipPicture.ts');

  const share = async (shown: ShownTip) => {
    const url = new URL(fill(tipPath, { id: shown.id }), location.href).href;
    // The post picture (4:5) suits a feed, a story and a chat alike.
    const outcome = await shareTip(
      { url, text: shown.text, title: fill(labels['tip.metaTitle'], { text: shown.text }) },
      () => drawing().then(({ tipPicture }) => tipPicture(shown, lang, 'post')),
    );
    if (outcome === 'shared') toast.success(labels['advice.shared']);
    if (outcome === 'copied') toast.success(labels['advice.copied']);
    if (outcome === 'failed') toast.error(fill(labels['advice.shareFailed'], { url }));
    setManualLink(outcome === 'failed' ? { tipId: shown.id, url } : null);
    if (canSharePictures() && (outcome === 'shared' || outcome === 'cancelled')) return;
    const saved = await drawing()
      .then(({ tipPictures }) => tipPictures(shown, lang))
      .catch(() => null);
    setPictures(saved && { tipId: shown.id, saved });
  };

  return (
    <div className="flex flex-col items-center gap-4 sm:gap-8">
      <section
        data-advice-card
        aria-label={labels['advice.region']}
        aria-live="polite"
        aria-busy={loading}
        className="relative grid w-full rounded-[2rem] border border-white/15 bg-white/8 p-5 text-left shadow-2xl shadow-black/30 backdrop-blur-sm sm:p-10"
      >
        {tip ? (
          <TipFigure
            tip={tip}
            help={help}
            shareLabel={shareLabel}
            keepLabel={labels['advice.keep']}
            onShare={() => share(tip)}
            dimmed={loading}
          />
        ) : (
          <div className="col-start-1 row-start-1 self-center text-center text-lg text-haze">
            <Icon d={thoughtIcon} size={40} stroke={2} className="mx-auto mb-3 text-mint" />
            <p>{labels['home.welcome']}</p>
          </div>
        )}
        {sizers.map((sizer) => (
          <TipFigure
            key={sizer.id}
            tip={sizer}
            help={help}
            shareLabel={shareLabel}
            keepLabel={labels['advice.keep']}
            sizer
          />
        ))}
        {tip && pictures?.tipId === tip.id && (
          <PictureLinks
            pictures={pictures.saved}
            labels={{ story: labels['advice.saveStory'], post: labels['advice.savePost'] }}
          />
        )}
        {tip && manualLink?.tipId === tip.id && (
          <ManualLink key={manualLink.url} label={labels['advice.copyByHand']} url={manualLink.url} />
        )}
      </section>

      <WisdomButton ref={button} lang={lang} tipsUrl={tipsUrl} loading={loading} labels={labels} />

      {/* The row's place is kept from the first paint to after the thanks: nothing below it moves. */}
      <div className="min-h-16 w-full" data-feedback-row>
        {advice.status === 'shown' && !advice.tip.care && (
          <Feedback state={feedback} labels={labels} onRate={rate} />
        )}
      </div>
      <HistoryNav at={history.at} count={history.tips.length} labels={labels} />
    </div>
  );
}
