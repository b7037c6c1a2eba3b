import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { langs } from '../content/languages';
import { CARD, ICONS, SHARE_DIR, cardFile, type ShareImages } from '../server/http/shareImages';
import { cardHtml, cardTexts, iconHtml, inputsHash } from './shareImages/cards';

// `npm run share-images`: draws the link-preview picture of each language (1200 x 630) and the
// app icons from content/, in Debian's Chromium (which shapes Persian right to left with the
// Noto fonts), into public/share/, with images.json naming each file's hash (its URL's version)
// and the hash of what they were made from. Run it after changing the practice's name, the
// practitioner, their title or the colours; `npm test` says when it is due. The pictures are
// committed: the host that builds and runs the site needs no browser.

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

async function main() {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const shots: Record<string, Buffer> = {};
  try {
    const page = await browser.newPage({ viewport: CARD, deviceScaleFactor: 1 });
    for (const lang of langs) {
      await page.setContent(cardHtml(cardTexts(lang)), { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready);
      shots[cardFile(lang)] = await page.screenshot({ type: 'png' });
    }
    for (const icon of ICONS) {
      await page.setViewportSize({ width: icon.size, height: icon.size });
      await page.setContent(iconHtml(icon.size, icon.purpose === 'maskable'));
      shots[icon.file] = await page.screenshot({ type: 'png', omitBackground: icon.purpose !== 'maskable' });
    }
  } finally {
    await browser.close();
  }

  mkdirSync(SHARE_DIR, { recursive: true });
  for (const old of readdirSync(SHARE_DIR)) rmSync(path.join(SHARE_DIR, old));
  const files: Record<string, string> = {};
  for (const [file, png] of Object.entries(shots)) {
    writeFileSync(path.join(SHARE_DIR, file), png);
    files[file] = createHash('sha256').update(png).digest('hex').slice(0, 12);
  }
  const stamp: ShareImages = { inputs: inputsHash(), files };
  writeFileSync(path.join(SHARE_DIR, 'images.json'), `${JSON.stringify(stamp, null, 2)}\n`);
  console.log(`wrote ${Object.keys(files).length} pictures to ${path.relative(process.cwd(), SHARE_DIR)}/`);
}

main().catch((err: unknown) => {
  console.error(`share-images: ${(err as Error).message}`);
  process.exit(1);
});
