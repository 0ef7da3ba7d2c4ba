// Vite bundles imported style sheets; to TypeScript they are modules without exports.
declare module '*.css'
