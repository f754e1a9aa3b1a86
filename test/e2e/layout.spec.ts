// Outside-in layout check (issue 14): every login-box screen and every portal page, at 375, 768 and
// 1280 px wide, in the light and the dark theme (demo mode, demo-pages/demo.html). Fails when the
// document scrolls sideways, when a table cell's text is clipped (rather than wrapped, or scrolled
// inside its own table region) or a word in it is cut across lines, or when axe finds a violation
// (colour contrast included). scripts/screenshots.mjs shoots the same screens.
import { expect, test, type Page } from '@playwright/test';
import { STATIC_ORIGIN } from '../playwright.config';
import { axeViolations } from './helpers';
import { LOGIN_SCREENS, PORTAL_PAGES, THEMES, WIDTHS, openDemo, openPortalPage } from './screens.mjs';

/** What is wrong with the layout of the page as it is now; empty when nothing. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth)
      problems.push(`the document scrolls sideways (${doc.scrollWidth} px in ${doc.clientWidth} px)`);
    const roots = [...document.querySelectorAll('auth-login-box, auth-admin-portal')]
      .map((el) => el.shadowRoot)
      .filter((root): root is ShadowRoot => root !== null);
    for (const root of roots) {
      // No control sticks out of the element's box, nor out of the dialog it sits in.
      const host = (root.host as HTMLElement).getBoundingClientRect();
      for (const control of root.querySelectorAll<HTMLElement>('input, select, textarea, button, p')) {
        const rect = control.getBoundingClientRect();
        if (rect.width === 0 && rect.height === 0) continue;
        // Inside a region that scrolls by itself (a wide table's), sticking out is scrolling.
        let scrolls = false;
        for (let up = control.parentElement; up && !scrolls; up = up.parentElement)
          scrolls = /auto|scroll/.test(getComputedStyle(up).overflowX);
        if (scrolls) continue;
        const dialog = control.closest('dialog, [role="dialog"]');
        const box = dialog ? dialog.getBoundingClientRect() : host;
        const where = dialog ? 'its dialog' : 'its element';
        if (rect.right > box.right + 1 || rect.left < box.left - 1)
          problems.push(
            `a ${control.localName} ("${(control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 30)}") sticks out of ${where}`,
          );
      }
      // A region that scrolls sideways by itself holds a wide table, nothing else.
      for (const region of root.querySelectorAll<HTMLElement>('*')) {
        if (!/auto|scroll/.test(getComputedStyle(region).overflowX)) continue;
        if (region.scrollWidth > region.clientWidth + 1 && !region.querySelector(':scope > table'))
          problems.push(
            `a ${region.localName} (${region.getAttribute('part') ?? region.className}) scrolls sideways (${region.scrollWidth} px in ${region.clientWidth} px)`,
          );
      }
      for (const table of root.querySelectorAll('table')) {
        // A table wider than its box must be inside a region that scrolls by itself.
        const box = table.parentElement!;
        const style = getComputedStyle(box);
        if (table.offsetWidth > box.clientWidth + 1 && !/auto|scroll/.test(style.overflowX))
          problems.push(`a table (${table.getAttribute('part')}) overflows a box that does not scroll`);
        // That region itself fits in the element.
        const region = box.getBoundingClientRect();
        if (region.right > host.right + 1 || region.left < host.left - 1)
          problems.push(`a table region (${table.getAttribute('part')}) sticks out of its element`);
        for (const cell of table.querySelectorAll<HTMLElement>('th, td')) {
          const label = `${table.getAttribute('part')} cell "${cell.textContent?.trim().slice(0, 40)}"`;
          // Text wider than its cell, or any clipping box inside the cell with hidden content.
          if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`${label} is wider than its cell`);
          for (const inner of cell.querySelectorAll<HTMLElement>('*')) {
            // Visually hidden text (a 1 px clipped box for screen readers) is clipped on purpose.
            if (inner.clientWidth <= 1 && inner.clientHeight <= 1) continue;
            const overflow = getComputedStyle(inner).overflowX;
            if (/hidden|clip/.test(overflow) && inner.scrollWidth > inner.clientWidth + 1)
              problems.push(`${label} has clipped content`);
          }
          // No word is broken across two lines.
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
              const range = document.createRange();
              range.setStart(node, match.index!);
              range.setEnd(node, match.index! + match[0].length);
              const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
              if (tops.size > 1) problems.push(`${label}: the word "${match[0]}" is cut across lines`);
            }
          }
        }
      }
    }
    return problems;
  });
}

async function check(page: Page, screen: string) {
  expect(await layoutProblems(page), `${screen}: layout`).toEqual([]);
  expect(await axeViolations(page), `${screen}: axe`).toEqual([]);
}

for (const theme of THEMES) {
  for (const width of WIDTHS) {
    test(`layout, overflow and axe at ${width} px, ${theme} theme: every login-box screen and portal page`, async ({
      page,
    }) => {
      // 17 screens and the checkout's two steps, each with the demo's 200-500 ms answers and one axe run.
      test.setTimeout(300_000);
      await openDemo(page, STATIC_ORIGIN, width, theme);
      for (const [name, step] of LOGIN_SCREENS) {
        await step(page);
        await check(page, `login box, ${name}`);
      }
      for (const [id, title] of PORTAL_PAGES) {
        await openPortalPage(page, id, title);
        await check(page, `portal, ${id}`);
      }
      // The checkout dialog's two steps, opened from the subscriptions page.
      await openPortalPage(page, 'subscriptions', 'Subscriptions');
      const portal = page.locator('auth-admin-portal');
      await portal.getByRole('button', { name: 'Change plan' }).click();
      const checkout = portal.getByRole('dialog', { name: 'Checkout' });
      await checkout.getByRole('radio', { name: /Business/ }).check();
      await check(page, 'checkout, plan');
      await checkout.getByRole('button', { name: 'Continue' }).click();
      await checkout.getByLabel('Name on card').fill('Ada Lovelace');
      await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
      await checkout.getByLabel('Expiry (MM/YY)').fill('1/20');
      await checkout.getByRole('button', { name: 'Confirm and pay' }).click();
      await expect(checkout.getByText('Your card has expired.')).toBeVisible();
      await check(page, 'checkout, card with errors');
      await page.keyboard.press('Escape');
      await expect(checkout).toBeHidden();
    });
  }
}
