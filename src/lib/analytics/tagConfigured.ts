/** Whether the operator configured an analytics tag: then every page brings the consent banner. */
export const tagConfigured = Boolean(import.meta.env.PUBLIC_GTM_ID || import.meta.env.PUBLIC_GA_ID);
