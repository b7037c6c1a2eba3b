/** Text as React writes it into a page (a text node, a textarea's content): what the HTML holds for it. */
export const asReactWrites = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
