import { useRef, useState, type KeyboardEvent } from 'react';
import type { MenuItem } from '../../src/api/schemas/settings.ts';
import { UiIcon } from '../ui/icons.tsx';
import { useDismiss } from './dismiss.ts';

const external = (item: MenuItem) => (item.target === '_blank' ? { target: '_blank', rel: 'noopener' } : {});

/** The menu's items in keyboard order: its top-level buttons and links, or the links of one submenu. */
const focusables = (list: Element | null | undefined): HTMLElement[] =>
  list ? [...list.querySelectorAll<HTMLElement>(':scope > li > a, :scope > li > button')] : [];

/** Where an arrow, Home or End key moves focus in `items` from `current` (null: the key does not move it). */
function step(key: string, items: HTMLElement[], current: HTMLElement): HTMLElement | null {
  const at = items.indexOf(current);
  if (at < 0) return null;
  if (key === 'Home') return items[0] ?? null;
  if (key === 'End') return items.at(-1) ?? null;
  if (key === 'ArrowDown' || key === 'ArrowRight') return items[at + 1] ?? null;
  if (key === 'ArrowUp' || key === 'ArrowLeft') return items[at - 1] ?? null;
  return null;
}

/**
 * A disclosure navigation menu (the WAI-ARIA Authoring Practices' pattern): an item with children opens its
 * submenu by button, one at a time. Escape closes it and gives focus back to its button; a navigation, a followed
 * link, and a click or focus outside close it. Arrow keys, Home and End move between the top-level items, and
 * within an open submenu; Down on the button of an open submenu goes to its first link. A submenu is shown only
 * when its button says `aria-expanded="true"`.
 */
export function DisclosureMenu({
  items,
  label,
  id,
  extra,
}: {
  items: MenuItem[];
  label: string;
  id: string;
  extra?: { label: string; items: MenuItem[] };
}) {
  const [open, setOpen] = useState<string | null>(null);
  const root = useRef<HTMLUListElement>(null);
  useDismiss(root, open !== null, () => setOpen(null));
  const onKeyDown = (event: KeyboardEvent) => {
    const current = event.target as HTMLElement;
    if (event.key === 'Escape') {
      if (open === null) return;
      event.stopPropagation();
      const button = document.getElementById(`${id}-${open}-button`);
      setOpen(null);
      button?.focus();
      return;
    }
    const submenu = open === null ? null : document.getElementById(`${id}-${open}`);
    const inSubmenu = submenu?.contains(current) ?? false;
    const next =
      !inSubmenu && event.key === 'ArrowDown' && current.getAttribute('aria-expanded') === 'true'
        ? (focusables(submenu)[0] ?? null)
        : step(event.key, focusables(inSubmenu ? submenu : root.current), current);
    if (!next) return;
    event.preventDefault();
    next.focus();
  };
  const groups: { key: string; title: string; children: MenuItem[]; url?: string }[] = items.map((item) => ({
    key: String(item.id),
    title: item.title,
    children: item.children,
    url: item.url,
  }));
  if (extra) groups.unshift({ key: 'sports', title: extra.label, children: extra.items });
  return (
    <ul className="menu" ref={root} onKeyDown={onKeyDown} aria-label={label}>
      {groups.map((group) => {
        const item = items.find((i) => String(i.id) === group.key);
        if (group.children.length === 0 && item) {
          return (
            <li key={group.key}>
              <a href={item.url} {...external(item)}>
                {item.title}
              </a>
            </li>
          );
        }
        const expanded = open === group.key;
        return (
          <li key={group.key} className={`has-submenu${expanded ? ' open' : ''}`}>
            <button
              type="button"
              id={`${id}-${group.key}-button`}
              aria-expanded={expanded}
              aria-controls={`${id}-${group.key}`}
              onClick={() => setOpen(expanded ? null : group.key)}
            >
              {group.title}
              <UiIcon name="chevron" />
            </button>
            <ul id={`${id}-${group.key}`} className="submenu">
              {group.url && !group.children.some((c) => c.url === group.url) ? (
                <li>
                  <a href={group.url}>{group.title}</a>
                </li>
              ) : null}
              {group.children.map((child) => (
                <li key={child.id}>
                  <a href={child.url} {...external(child)}>
                    {child.title}
                  </a>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}

export function FlatMenu({ items, label, className }: { items: MenuItem[]; label: string; className?: string }) {
  if (items.length === 0) return null;
  return (
    <nav aria-label={label} className={className}>
      <ul role="list">
        {items.map((item) => (
          <li key={item.id}>
            <a href={item.url} {...external(item)}>
              {item.title}
              {item.target === '_blank' ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
