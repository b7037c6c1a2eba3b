import { languages } from '../../content/languages';
import { useLocale } from '../locale';
import { alternates, type Route } from '../routes';

/**
 * The same page in each language, each named in its own language. A link to another language is
 * a full page load (the document's lang and dir change); client/navigation.ts leaves it alone.
 */
export function LanguageSwitcher({ route }: { route: Route }) {
  const { site } = useLocale();
  return (
    <nav className="lang-nav" aria-label={site.languageNavLabel}>
      <ul>
        {alternates(route).map((r) => (
          <li key={r.lang}>
            <a href={r.path} lang={r.lang} hrefLang={r.lang} aria-current={r.lang === route.lang ? 'true' : undefined}>
              {languages[r.lang].name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
