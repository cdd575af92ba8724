import { NativeSelect, NavLink, Stack } from '@mantine/core';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useNarrowScreen } from './list-page-layout-narrow';

export interface FilterOption<T extends string> {
  value: T;
  label: string;
}

export interface FilterPanelProps<T extends string> {
  /** Accessible name of the group, e.g. 'Filter'. */
  label: string;
  value: T;
  options: readonly FilterOption<T>[];
  onChange: (value: T) => void;
}

const NEXT_KEYS = new Set(['ArrowDown', 'ArrowRight']);
const PREVIOUS_KEYS = new Set(['ArrowUp', 'ArrowLeft']);

/**
 * The list screens' left panel of mutually exclusive choices: a WAI-ARIA radio group drawn as a
 * vertical nav. Each choice is a visible `role="radio"` button (a hidden native input cannot be
 * clicked by Playwright or seen by some screen magnifiers); arrow keys move and choose, Tab enters
 * at the chosen one. On a phone or tablet the same choices fold into a labelled select above the
 * list, so the table keeps the screen's width.
 */
export function FilterPanel<T extends string>({
  label,
  value: given,
  options,
  onChange,
}: FilterPanelProps<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const narrow = useNarrowScreen();
  // The choice shows at once. `value` comes from the URL, which the router commits only once the
  // navigation has settled (a route's split loader chunk, then React's transition): until then a
  // radio that does not move on a click reads as broken. The choice is kept against the value it
  // replaced, so the URL's value wins as soon as it changes (also to something else: Clear all).
  const [chosen, setChosen] = useState<{ value: T; over: T } | undefined>(undefined);
  const value = chosen && chosen.over === given ? chosen.value : given;
  const choose = (next: T) => {
    if (next === value) return;
    setChosen({ value: next, over: given });
    onChange(next);
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = NEXT_KEYS.has(event.key) ? 1 : PREVIOUS_KEYS.has(event.key) ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + options.length) % options.length;
    const option = options[next];
    if (!option) return;
    refs.current[next]?.focus();
    choose(option.value);
  };

  if (narrow) {
    return (
      <NativeSelect
        label={label}
        value={value}
        data={options.map((option) => ({ value: option.value, label: option.label }))}
        onChange={(event) => {
          const next = options.find((option) => option.value === event.currentTarget.value);
          if (next) choose(next.value);
        }}
      />
    );
  }

  return (
    <Stack role="radiogroup" aria-label={label} gap={2} w={180}>
      {options.map((option, index) => {
        const checked = option.value === value;
        return (
          <NavLink
            key={option.value}
            component="button"
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            active={checked}
            label={option.label}
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            ref={(element: HTMLButtonElement | null) => {
              refs.current[index] = element;
            }}
            onClick={() => choose(option.value)}
            onKeyDown={(event: KeyboardEvent) => onKeyDown(event, index)}
          />
        );
      })}
    </Stack>
  );
}
