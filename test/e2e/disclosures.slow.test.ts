import type { Page } from 'playwright-core';
import { langs } from '../../content/languages';
import { translations } from '../../content/translations';
import { paths } from '../../views/routes';
import { axeViolations, expectNoViolations } from './axe';
import { describeBrowser, HEADER, menuButton, see, serverPage, useBrowserSuite, waitForHydration } from './harness';

// The phone menu and the therapy cards' toggles work from the first paint: with the page's
// script held back, a tap opens them; releasing the script (hydration) keeps them open; then
// the hydrated page adds one card at a time, Escape and 'a new page closes the menu'.

/** What Chromium tells assistive technology about the page's disclosures (summaries). */
async function disclosures(page: Page): Promise<{ name: string; expanded: boolean }[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: {
      role?: { value: string };
      name?: { value: string };
      properties?: { name: string; value: { value: unknown } }[];
    }[];
  };
  await cdp.detach();
  return nodes
    .filter((n) => n.role?.value === 'DisclosureTriangle')
    .map((n) => ({
      name: n.name?.value ?? '',
      expanded: n.properties?.find((p) => p.name === 'expanded')?.value.value === true,
    }));
}

describeBrowser('menu and therapy cards at any moment', () => {
  const suite = useBrowserSuite();

  for (const lang of langs) {
    const path = paths.therapy[lang];
    suite.test(
      `${path} at 390px: Menu and a card open before the script, stay open through hydration, then work hydrated`,
      async (s) => {
        const header = HEADER[lang];
        const { open: more, close } = (await translations[lang].therapy()).toggle;
        const { page, log } = await s.open({ viewport: { width: 390, height: 800 } });

        // Every script of the page is held back until the test lets it go.
        let held = 0;
        let release = () => {};
        const released = new Promise<void>((resolve) => (release = resolve));
        await page.route(/\/assets\/.*\.js$/, async (route) => {
          held += 1;
          await released;
          await route.continue();
        });
        await page.goto(s.origin + path, { waitUntil: 'commit' });
        const menu = menuButton(page, header.menu);
        await see.visible(menu);
        const cards = page.locator('.area-card');
        const toggle = (i: number) => cards.nth(i).locator('summary');
        const details = (i: number) => cards.nth(i).locator('.area-card__details');
        const nav = page.getByRole('navigation', { name: header.navLabel });

        // Before any script: a card's toggle shows its details and says 'Luk'.
        await see.label(toggle(1), more);
        await toggle(1).click();
        await see.visible(details(1));
        await see.label(toggle(1), close);
        // The menu opens on a tap; its links are visible, and the next Tab reaches the first one.
        await menu.click();
        await see.open(menu, true);
        for (const item of header.nav) await see.visible(nav.getByRole('link', { name: item.label, exact: true }));
        await see.visible(
          page.getByRole('navigation', { name: header.languageNavLabel }).getByRole('link', { name: 'English' }),
        );
        await menu.focus();
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(header.nav[0]!.label);
        expect(held).toBeGreaterThan(0);
        expect(
          await page.evaluate(() =>
            Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__react')),
          ),
        ).toBe(false);
        expect((await disclosures(page)).filter((d) => d.expanded)).toEqual([
          { name: header.menu, expanded: true },
          { name: close, expanded: true },
        ]);
        expectNoViolations(`${path} (390px, before hydration, menu and a card open)`, await axeViolations(page));

        // The script arrives: hydration closes nothing the visitor opened.
        release();
        await waitForHydration(page);
        await see.open(menu, true);
        await see.open(toggle(1), true);
        await see.visible(details(1));

        // Hydrated: Escape closes the menu and gives focus back to its button.
        await page.keyboard.press('Escape');
        await see.open(menu, false);
        expect(await menu.evaluate((m) => m === document.activeElement)).toBe(true);
        // One card at a time; a tap on the open one closes it.
        await toggle(4).click();
        await see.open(toggle(4), true);
        await see.open(toggle(1), false);
        await see.label(toggle(1), more);
        expect(await page.locator('.area-card details[open]').count()).toBe(1);
        await toggle(4).click();
        await see.open(toggle(4), false);
        // A new page (client-side) closes the menu.
        await menu.click();
        await see.open(menu, true);
        await nav.getByRole('link', { name: header.nav[0]!.label, exact: true }).click();
        await see.text(page.locator('main h1'), (await serverPage(s.origin, header.nav[0]!.path)).h1);
        await see.open(menu, false);
        log.expectClean();
      },
    );
  }
});
