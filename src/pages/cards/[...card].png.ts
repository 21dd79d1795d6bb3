import type { APIRoute, GetStaticPaths } from 'astro';
import { cachedCard } from '../../lib/shareCards/cache.ts';
import { cardPages } from '../../lib/shareCards/cards.ts';
import type { ShareCardContent } from '../../lib/shareCards/ShareCard.tsx';

export const getStaticPaths = (async () => {
  const site = new URL(import.meta.env.SITE);
  return (await cardPages(site)).map(({ path, content }) => ({
    params: { card: path.replace(/^\/cards\//, '').replace(/\.png$/, '') },
    props: { content },
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ content: ShareCardContent }> = async ({ props }) => {
  const { png } = await cachedCard(props.content);
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
