/**
 * The browser tab names the screen, in the interface language: "Question Bank · Skillgauge".
 * Inside the layout it follows the screen's heading (react-admin's <Title> writes it into
 * #react-admin-title), so every screen with a title names its tab without code of its own;
 * pages outside the layout (sign-in and the like) name theirs with useTabTitle.
 */
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';

export const TITLE_ELEMENT_ID = 'react-admin-title';

export function tabTitle(screen: string | null | undefined, product: string): string {
  const name = screen?.trim();
  return name && name !== product ? `${name} · ${product}` : product;
}

/** Names the tab after a screen that has no react-admin <Title> (public pages, error screens). */
export function useTabTitle(screen: string | null | undefined) {
  const product = useTranslate()('app.name');
  useEffect(() => {
    document.title = tabTitle(screen, product);
  }, [screen, product]);
}

/**
 * Keeps the tab's name on the heading of whatever screen the layout shows. It watches the whole page
 * rather than the heading alone: a screen may draw its title after the heading was emptied or
 * replaced, and a watcher on a replaced heading would see nothing.
 */
export function useTabTitleFromHeading() {
  const product = useTranslate()('app.name');
  useEffect(() => {
    const follow = () => {
      const title = tabTitle(document.getElementById(TITLE_ELEMENT_ID)?.textContent, product);
      if (document.title !== title) document.title = title;
    };
    follow();
    const observer = new MutationObserver(follow);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [product]);
}

/** Rendered beside the heading in the layout (after it, so the heading exists when it starts). */
export function TabTitleFromHeading() {
  useTabTitleFromHeading();
  return null;
}
