import { CloseButton, TextInput } from '@mantine/core';
import { useState } from 'react';
import { UI_LIST_KIT } from './copy';

export interface SearchBoxProps {
  /** The applied search, from the URL. */
  value: string | undefined;
  placeholder: string;
  /** Apply a search; `undefined` removes it. */
  onSearch: (term: string | undefined) => void;
  maw?: number | string;
}

/**
 * Spec §2: Enter applies the search; clearing the box removes it. Typing alone does not reload, so
 * staff can compose a term without a request per keystroke.
 */
export function SearchBox({ value, placeholder, onSearch, maw = 400 }: SearchBoxProps) {
  const [text, setText] = useState(value ?? '');
  // Follow the URL (back button, filter links) without an effect: adjust state during render.
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    setApplied(value);
    setText(value ?? '');
  }

  const apply = (next: string) => {
    const term = next.trim() || undefined;
    if (term !== value) onSearch(term);
  };

  return (
    // A text input with the searchbox role: `type="search"` would add the browser's own clear button
    // next to ours in Chromium.
    <TextInput
      role="searchbox"
      enterKeyHint="search"
      aria-label={placeholder}
      placeholder={placeholder}
      value={text}
      maw={maw}
      w="100%"
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        if (next === '' && value !== undefined) onSearch(undefined);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          apply(text);
        }
      }}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label={UI_LIST_KIT.clearSearch}
            onClick={() => {
              setText('');
              if (value !== undefined) onSearch(undefined);
            }}
          />
        ) : null
      }
    />
  );
}
