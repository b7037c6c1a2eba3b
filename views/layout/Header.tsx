import { useEffect, useRef } from 'react';
import { navPages } from '../../content/pages';
import { practice } from '../../content/practice';
import { Icon } from '../components/Icon';
import { parts } from '../format';
import { useLocale } from '../locale';
import type { Route } from '../routes';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';

export function Header({ route }: { route: Route }) {
  const { lang, site, href } = useLocale();
  // The menu is a native <details>: it opens on a tap from the first paint, before and while the
  // script hydrates. Its open state lives in the DOM, never in React, so hydration keeps it.
  const menu = useRef<HTMLDetailsElement>(null);
  const shownPath = useRef(route.path);
  // A new page closes the folded menu (hydration does not: the visitor may have opened it).
  useEffect(() => {
    if (shownPath.current !== route.path && menu.current) menu.current.open = false;
    shownPath.current = route.path;
  }, [route.path]);

  return (
    <header
      className="site-header"
      onKeyDown={(e) => {
        // Escape closes the open menu and gives focus back to its button.
        if (e.key === 'Escape' && menu.current?.open) {
          menu.current.open = false;
          (menu.current.firstChild as HTMLElement).focus();
        }
      }}
    >
      <div className="container site-header__inner">
        {/* The name starts with the logo's visible text (WCAG 2.5.3 Label in Name), then says where the link goes. */}
        <a
          href={href('home')}
          className="site-header__home"
          aria-label={parts(
            [practice.name, site.practice.practitioner, site.practice.title.toLowerCase(), site.logoLabel],
            lang,
          )}
        >
          <Logo />
        </a>
        {/* The menu's open state shows the links after it (layout.css), so that on wide screens
            they are in the header whatever that state is. */}
        <details ref={menu} className="menu">
          <summary className="menu-button" aria-controls="site-menu">
            <Icon shape="menu" size={20} />
            <Icon shape="x" size={20} />
            {site.menuButton}
          </summary>
        </details>
        {/* On phones the page links and the languages fold away together behind the Menu button. */}
        <div id="site-menu" className="site-menu">
          <nav className="main-nav" aria-label={site.navLabel}>
            <ul>
              {navPages.map((page) => (
                <li key={page}>
                  <a href={href(page)} aria-current={page === route.id ? 'page' : undefined}>
                    {site.nav[page]}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <LanguageSwitcher route={route} />
        </div>
      </div>
    </header>
  );
}
