import type { APIRoute } from 'astro';
import { rssFeed } from '../lib/blog/rssFeed.ts';

export const GET: APIRoute = ({ site }) => rssFeed('en', site);
