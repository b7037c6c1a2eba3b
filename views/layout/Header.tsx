import { useEffect, useRef, useState } from 'react';
import { nav, site } from '../../content/site';
import { practice } from '../../content/practice';
import { Icon } from '../components/Icon';
import { Logo } from './Logo';

export function Header({ path }: { path: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // A new page closes the folded menu.
  useEffect(() => setOpen(false), [path]);

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
          href="/"
          className="site-header__home"
          aria-label={`${practice.name}, ${practice.practitioner}, ${practice.title.toLowerCase()}, ${site.logoLabel}`}
        >
          <Logo />
        </a>
        <button
          ref={button}
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls="main-nav"
          onClick={() => setOpen(!open)}
        >
          <Icon shape={open ? 'x' : 'menu'} size={20} />
          {site.menuButton}
        </button>
        <nav id="main-nav" className={open ? 'main-nav is-open' : 'main-nav'} aria-label={site.navLabel}>
          <ul>
            {nav.map((item) => (
              <li key={item.path}>
                <a href={item.path} aria-current={item.path === path ? 'page' : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
