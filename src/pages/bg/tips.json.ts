import type { APIRoute } from 'astro';
import { generatorTips } from '../../lib/tips/tipLists.ts';

/** The Bulgarian generator list, fetched by the home page's island. */
export const GET: APIRoute = async () => Response.json(await generatorTips('bg'));
