import { useEffect, useRef, useState } from 'react';
import { navPages } from '../../content/pages';
import { practice } from '../../content/practice';
import { Icon } from '../components/Icon';
import { list } from '../format';
import { useLocale } from '../locale';
import type { Route } from '../routes';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';

export function Header({ route }: { route: Route }) {
  const { lang, site, href } = useLocale();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // A new page closes the folded menu.
  useEffect(() => setOpen(false), [route.path]);

  return (
    <header
      className="site-header"
      onKeyDown={(e) => {
        // Escape closes the open menu and gives focus back to its button.
        if (e.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <div className="container site-header__inner">
        {/* The name starts with the logo's visible text (WCAG 2.5.3 Label in Name), then says where the link goes. */}
        <a
          href={href('home')}
          className="site-header__home"
          aria-label={list([practice.name, practice.practitioner, site.practice.title.toLowerCase(), site.logoLabel], lang)}
        >
          <Logo />
        </a>
        <button
          ref={button}
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls="site-menu"
          onClick={() => setOpen(!open)}
        >
          <Icon shape={open ? 'x' : 'menu'} size={20} />
          {site.menuButton}
        </button>
        {/* On phones the page links and the languages fold away together behind the Menu button. */}
        <div id="site-menu" className={open ? 'site-menu is-open' : 'site-menu'}>
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
