import type { Page } from 'playwright-core';

// What a visitor sees where, measured in the page as Chromium lays it out (the first screen is the
// viewport at the top of the page): the checks of issue 56's "ten seconds" review, shared by the
// fast suite's one case (budgets.test.ts, with its build of the owner's pictures) and the slow
// suite's sweep (images.slow.test.ts).

/** The home page's first screen: her whole portrait, her name, the price line, the areas and the booking button in view. */
export function homeFirstScreen(page: Page) {
  return page.evaluate(() => {
    const height = innerHeight;
    const box = (el: Element | null) => el?.getBoundingClientRect();
    const whole = (el: Element | null) => {
      const r = box(el);
      return !!r && r.width > 0 && r.top >= 0 && r.bottom <= height;
    };
    return {
      portrait: whole(document.querySelector('.hero__portrait img')),
      name: whole(document.querySelector('.hero__name strong'))
        ? document.querySelector('.hero__name strong')?.textContent
        : null,
      price: whole(document.querySelector('.hero__price')) ? document.querySelector('.hero__price')?.textContent : null,
      areas: [...document.querySelectorAll('.hero__areas a')].filter(whole).length,
      booking: whole(document.querySelector('.hero .button--primary')),
    };
  });
}

/** The about page's first screen: the heading's text when it is in view, and how much of the portrait is. */
export function aboutFirstScreen(page: Page) {
  return page.evaluate(() => {
    const height = innerHeight;
    const h1 = document.querySelector('h1')?.getBoundingClientRect();
    const img = document.querySelector('.profile__portrait img')?.getBoundingClientRect();
    return {
      heading: h1 && h1.top >= 0 && h1.bottom <= height ? document.querySelector('h1')?.textContent : null,
      portraitShown: img ? Math.max(0, Math.min(img.bottom, height) - Math.max(img.top, 0)) / img.height : 0,
    };
  });
}

/** On the contact page: how far below the address (its bottom) the photo of the way in begins. */
export function doorBelowAddress(page: Page) {
  return page.evaluate(() => {
    const address = document.querySelector('.contact-info address')?.getBoundingClientRect();
    const door = document.querySelector('.clinic-photos')?.getBoundingClientRect();
    return address && door ? door.top - address.bottom : Number.POSITIVE_INFINITY;
  });
}

/** The site's cards: panels, badges, testimonials, answers, therapy cards, price lists. */
const CARDS = '.panel, .hero__card, .badge, .testimonial, .faq__item, .area-card, .price-list, .success-card';

/**
 * Every card taller than what it holds by more than `slack` px (stretched into empty space beside
 * a taller neighbour): its class and the empty height, measured from its content's own extent
 * (a range over all of it, text included) plus its padding and border.
 */
export function stretchedCards(page: Page, slack: number) {
  return page.evaluate(
    ({ selector, slack }) => {
      const range = document.createRange();
      return [...document.querySelectorAll(selector)]
        .map((card) => {
          const style = getComputedStyle(card);
          const frame = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'].reduce(
            (sum, p) => sum + Number.parseFloat(style[p as 'paddingTop']),
            0,
          );
          range.selectNodeContents(card);
          const content = range.getBoundingClientRect().height;
          return { card: card.className, empty: Math.round(card.getBoundingClientRect().height - content - frame) };
        })
        .filter((c) => c.empty > slack);
    },
    { selector: CARDS, slack },
  );
}
