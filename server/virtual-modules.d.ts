// The React Router server build, provided by @react-router/dev's Vite plugin at build time.
declare module "virtual:react-router/server-build";
