import type { ReactNode } from 'react';

/**
 * The console's line icons: 24-unit paths drawn in the text colour, hidden from screen readers;
 * round ends and joins unless `square`.
 */
function StrokeIcon({
  size = 16,
  square,
  children,
}: {
  size?: number;
  square?: boolean;
  children: ReactNode;
}) {
  const shape = square ? undefined : 'round';
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap={shape}
      strokeLinejoin={shape}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

export function EditIcon() {
  return (
    <StrokeIcon>
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
    </StrokeIcon>
  );
}

/** A clock with an arrow turning back. */
export function HistoryIcon() {
  return (
    <StrokeIcon>
      <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
      <path d="M3 3v5h5" />
      <path d="M12 7v5l3 2" />
    </StrokeIcon>
  );
}

/** A cross: take a staged row out. */
export function CloseIcon() {
  return (
    <StrokeIcon>
      <path d="M18 6 6 18M6 6l12 12" />
    </StrokeIcon>
  );
}

export function TrashIcon() {
  return (
    <StrokeIcon>
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />
    </StrokeIcon>
  );
}

export function CopyIcon() {
  return (
    <StrokeIcon size={14}>
      <rect x={9} y={9} width={13} height={13} rx={2} />
      <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
    </StrokeIcon>
  );
}

/** The date-range field's calendar (square ends). */
export function CalendarIcon() {
  return (
    <StrokeIcon square>
      <rect x="3" y="4" width="18" height="18" rx="2" />
      <path d="M16 2v4M8 2v4M3 10h18" />
    </StrokeIcon>
  );
}

/** The date-range field's clear cross (square ends). */
export function ClearIcon() {
  return (
    <StrokeIcon square>
      <path d="M18 6 6 18M6 6l12 12" />
    </StrokeIcon>
  );
}
