// esbuild bundles the imported stylesheet into its own hashed .css file.
declare module '*.css';
