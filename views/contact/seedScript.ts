// The id of the <script type="application/json"> that carries a form state (a ContactSeed) to
// the browser after a post without JavaScript: server/render.tsx writes it, client/main.tsx
// reads it. Its own module, so that the browser's entry does not share state.ts with /kontakt.
export const CONTACT_SEED_ID = 'contact-seed';
