import * as runtime from 'react/jsx-runtime';

// React's JSX runtime is CommonJS, so a bundle reaches it through an object: every element
// becomes (0, r.jsx)(…). Re-exported as plain ES bindings, each is a direct call: jsx(…).
// The client build points the automatic JSX runtime here (scripts/build.ts).
export const jsx = runtime.jsx;
export const jsxs = runtime.jsxs;
export const Fragment = runtime.Fragment;
