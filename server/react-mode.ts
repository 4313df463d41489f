/**
 * Imported FIRST by server/main.ts: React picks its production or development build from
 * NODE_ENV when first loaded, and the server's own modules now load React at import time (the
 * email templates of issue 17, server/modules/messages/templates.ts). Setting NODE_ENV in main()
 * came too late: the templates got React's development build and the SSR build's react-dom the
 * production one, and every page answered 500 ('dispatcher.getOwner is not a function').
 * The operator's NODE_ENV is kept for loadConfig (config.isProduction keeps meaning "a real
 * deployment"; docs/decisions.md "Production React for npm start").
 */

/** NODE_ENV as the operator set it, before this module changed it. */
export const operatorNodeEnv = process.env.NODE_ENV;

if (!process.argv.includes("--dev")) process.env.NODE_ENV = "production";
