// A sentence of hers with a link inside: the text before it, the link, the text after. The spaces
// around the link are the site's, since the editor trims what she writes (decision 0071): one
// before the link, and one after it unless her text after begins with punctuation ('.', '،').
// Each part is one text node, as her words were before (no `<!-- -->` between them).

export function LinkSentence({
  before,
  linkText,
  after,
  href,
}: {
  before: string;
  linkText: string;
  after: string;
  href: string;
}) {
  return (
    <>
      {`${before} `}
      <a href={href}>{linkText}</a>
      {/^\p{P}/u.test(after) ? after : ` ${after}`}
    </>
  );
}
