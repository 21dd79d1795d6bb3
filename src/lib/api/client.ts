// The pages' client for the functions, typed from the API itself: paths, request bodies and answers all
// come from the Hono app's type. Only that type is imported, so no server code or zod reaches the pages.
import { hc } from 'hono/client';
import type { ApiApp } from '../../../functions/app.ts';

// Empty when the functions share the site's origin (`npm run serve`); set when they live elsewhere.
const apiBase: string = import.meta.env.PUBLIC_API_BASE ?? '';

/**
 * `api.subscribe.$post({ json })`, `api.articles[':id'].rating.$get({ param })`, ... Network failures
 * reject; HTTP errors resolve with their status, and `json()` is typed per status the route declares.
 */
export const api = hc<ApiApp>(apiBase).api;
