import type { APIRoute, GetStaticPaths } from 'astro';
import { pictureScript } from '../../../lib/sharePicture/pictureScript.ts';

/** The tip pictures' drawing, imported by a tip page's Share button when pressed (pictureScript.ts). */
export const getStaticPaths = (() => [
  {
    params: {
      file: pictureScript().path.replace(/^.*\//, '').replace(/\.js$/, ''),
    },
  },
]) satisfies GetStaticPaths;

export const GET: APIRoute = () =>
  new Response(pictureScript().code, { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
