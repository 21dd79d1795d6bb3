import type { Lang } from '../../i18n/languages.ts';
import type { FittedText } from './fitText.ts';
import { themeColors as c, fontFamilies as families } from './fonts.ts';

/** Everything a share card shows; its hash names the cached picture. */
export interface ShareCardContent {
  lang: Lang;
  /** The tip's text or the article's title: the one thing worth sharing. */
  text: string;
  /** Small labels above the text: the category, and "Blog" on articles. */
  labels: readonly string[];
  siteName: string;
  /** The site's address without the scheme, e.g. `important-advice.example`. */
  address: string;
}

export const cardSize = { width: 1200, height: 630 } as const;

const padding = { x: 80, y: 68 };
const rows = { top: 64, bottom: 44, gap: 28 };

/**
 * Where the main text goes and how it may be set (Unbounded 700, the site's display font). The width
 * leaves 40 px beyond the accent bar's 28 as air on the right (and a margin for measuring).
 */
export const textBox = {
  width: cardSize.width - 2 * padding.x - 28 - 40,
  height: cardSize.height - 2 * padding.y - rows.top - rows.bottom - 2 * rows.gap,
  lineHeight: 1.2,
  maxSize: 72,
  minSize: 30,
} as const;

/** A row of the card's top or bottom: its two ends apart. */
const row = (height: number) =>
  ({ display: 'flex', height, alignItems: 'center', justifyContent: 'space-between' }) as const;

function Logo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 40 40" width={rows.top} height={rows.top}>
      <path
        d="M20 3C10.6 3 3 9.7 3 18c0 4.5 2.2 8.5 5.8 11.3L7 37l8.2-4.4c1.5.3 3.1.4 4.8.4 9.4 0 17-6.7 17-15S29.4 3 20 3Z"
        fill={c.sun}
      />
      <path d="M20 9.5l2.4 5.6 6 .5-4.6 4 1.4 5.9-5.2-3.2-5.2 3.2 1.4-5.9-4.6-4 6-.5z" fill={c.night} />
    </svg>
  );
}

/** The card's layout for satori: labels and logo, the text in fitted lines, the site's name and address. */
export function ShareCard({ card, lines, fontSize }: { card: ShareCardContent } & FittedText) {
  return (
    <div
      style={{
        width: cardSize.width,
        height: cardSize.height,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        boxSizing: 'border-box',
        padding: `${padding.y}px ${padding.x}px`,
        backgroundColor: c.night,
        // The page background's purple glow over its night-to-plum gradient; its other two glows would
        // make every card about 330 KB instead of about 200 KB.
        backgroundImage: [
          'radial-gradient(circle at 8% 0%, rgba(91, 42, 134, 0.9), rgba(91, 42, 134, 0) 55%)',
          `linear-gradient(165deg, ${c.night} 0%, ${c.plum} 55%, #12082a 100%)`,
        ].join(', '),
        color: c.cream,
        fontFamily: families.sans,
      }}
    >
      <div style={row(rows.top)}>
        <div style={{ display: 'flex', gap: 14 }}>
          {card.labels.map((label) => (
            <div
              key={label}
              style={{
                display: 'flex',
                padding: '8px 22px',
                borderRadius: 999,
                backgroundColor: 'rgba(126, 240, 196, 0.15)',
                color: c.mint,
                fontWeight: 800,
                fontSize: 24,
                letterSpacing: 2,
                textTransform: 'uppercase',
              }}
            >
              {label}
            </div>
          ))}
        </div>
        <Logo />
      </div>
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          height: textBox.height,
          paddingLeft: 22,
          borderLeft: `6px solid ${c.sun}`,
          fontFamily: families.display,
          fontWeight: 700,
          fontSize,
          lineHeight: textBox.lineHeight,
          color: c.cream,
        }}
      >
        {lines.map((line) => (
          <div key={line} style={{ display: 'flex', whiteSpace: 'pre' }}>
            {line}
          </div>
        ))}
      </div>
      <div style={row(rows.bottom)}>
        <div
          style={{
            display: 'flex',
            fontFamily: families.display,
            fontWeight: 900,
            fontSize: 30,
            color: c.sun,
          }}
        >
          {card.siteName.toUpperCase()}
        </div>
        <div style={{ display: 'flex', fontWeight: 800, fontSize: 26, color: c.haze }}>{card.address}</div>
      </div>
    </div>
  );
}
