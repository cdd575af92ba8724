import { Anchor, MantineProvider, Stack, Text } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearKeptImages, noteImageShown } from '@/lib/preload-images';
import { elementShape } from '@/test/same-element';
import { cssVariablesResolver, theme } from '@/theme';
import { CellAvatar } from './cell-avatar';
import { cellExternalLink, cellLines, cellText } from './cell-parts';
import { InitialsAvatar } from './initials-avatar';

/** The one element each renders, inside the console's own theme. */
function shapeOf(ui: ReactElement) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      {children}
    </MantineProvider>
  );
  const { container, unmount } = render(<div data-testid="holder">{ui}</div>, { wrapper });
  const holder = container.querySelector('[data-testid="holder"]');
  const element = holder?.firstElementChild;
  if (!element) throw new Error('nothing rendered');
  const shape = elementShape(element);
  unmount();
  return shape;
}

describe('cell parts draw what the Mantine components they stand for draw', () => {
  it.each([
    ['size sm', () => cellText('Yeka Fashion House'), () => <Text size="sm">Yeka Fashion House</Text>],
    [
      'size sm, weight 500',
      () => cellText('Yeka Fashion House', { medium: true }),
      () => (
        <Text size="sm" fw={500}>
          Yeka Fashion House
        </Text>
      ),
    ],
    [
      'no wrap',
      () => cellText('M002000', { nowrap: true }),
      () => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          M002000
        </Text>
      ),
    ],
    [
      'monospace, no wrap',
      () => cellText('FT2633000', { monospace: true, nowrap: true }),
      () => (
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          FT2633000
        </Text>
      ),
    ],
    [
      'xs, dimmed',
      () => cellText('November 26, 2026', { size: 'xs', dimmed: true }),
      () => (
        <Text size="xs" c="dimmed">
          November 26, 2026
        </Text>
      ),
    ],
    [
      'xs, dimmed, italic',
      () => cellText('No business details', { size: 'xs', dimmed: true, italic: true }),
      () => (
        <Text size="xs" c="dimmed" fs="italic">
          No business details
        </Text>
      ),
    ],
  ])('Text, %s', (_, plain, mantine) => {
    expect(shapeOf(plain())).toEqual(shapeOf(mantine()));
  });

  it('Stack of lines', () => {
    expect(shapeOf(cellLines(cellText('10:15 AM')))).toEqual(
      shapeOf(
        <Stack gap={0} style={{ whiteSpace: 'nowrap' }}>
          <Text size="sm">10:15 AM</Text>
        </Stack>,
      ),
    );
  });

  it('a link out of the console, cut at 180 px', () => {
    const href = 'https://www.jimmalogistics.com';
    expect(shapeOf(cellExternalLink(href, 'www.jimmalogistics.com'))).toEqual(
      shapeOf(
        <Anchor
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          title={href}
          display="block"
          maw={180}
          truncate="end"
        >
          www.jimmalogistics.com
        </Anchor>,
      ),
    );
  });

  it.each([
    ['a logo', 'Yeka Fashion House', '/api/v1/files/logos/M002000.svg'],
    ['no logo: the initials', 'Yeka Fashion House', null],
    ['no logo and no name: the person icon', null, null],
  ])('Avatar, %s', (_, name, src) => {
    // A logo the browser holds is drawn with its row (one it does not is drawn a frame later, below).
    if (src) noteImageShown(src);
    expect(shapeOf(<CellAvatar name={name} src={src} />)).toEqual(
      shapeOf(<InitialsAvatar name={name} src={src} />),
    );
  });

  it('Avatar: a logo that fails to load shows the initials, as Mantine does', () => {
    noteImageShown('/missing.svg');
    render(
      <MantineProvider env="test">
        <CellAvatar name="Yeka Fashion House" src="/missing.svg" />
      </MantineProvider>,
    );
    const image = screen.getByRole('img', { name: 'Yeka Fashion House' });
    fireEvent.error(image);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByTitle('Yeka Fashion House')).toHaveTextContent('YE');
  });
});

describe('CellAvatar: logos the browser does not hold yet wait for the frame that shows the rows', () => {
  afterEach(() => {
    clearKeptImages();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** Frame callbacks held until the test runs the frame, as a browser holds them until it paints. */
  function heldFrames() {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    return () => {
      for (const callback of frames.splice(0)) callback(performance.now());
    };
  }

  const rows = (
    <MantineProvider env="test">
      <CellAvatar name="Yeka Fashion House" src="/logos/a.svg" />
      <CellAvatar name="Jimma Logistics" src="/logos/b.svg" />
      <CellAvatar name="Adama Bakery" src="/logos/c.svg" />
    </MantineProvider>
  );
  const drawnLogos = () => screen.queryAllByRole('img').map((image) => image.getAttribute('src'));

  it('draws the rows without the new logos, then every logo in one render after the frame', () => {
    vi.useFakeTimers();
    const runFrame = heldFrames();
    render(rows);
    // Empty avatars, as while an image loads; not the initials, which would flash before the logo.
    expect(drawnLogos()).toEqual([]);
    expect(screen.queryByText('YE')).toBeNull();
    act(() => vi.runAllTimers());
    expect(drawnLogos()).toEqual([]);
    runFrame();
    expect(drawnLogos()).toEqual([]);
    act(() => vi.runAllTimers());
    expect(drawnLogos()).toEqual(['/logos/a.svg', '/logos/b.svg', '/logos/c.svg']);
  });

  it('draws a logo shown before with its row at once, and the others after the frame', () => {
    vi.useFakeTimers();
    const runFrame = heldFrames();
    noteImageShown('/logos/b.svg');
    render(rows);
    expect(drawnLogos()).toEqual(['/logos/b.svg']);
    runFrame();
    act(() => vi.runAllTimers());
    expect(drawnLogos()).toEqual(['/logos/a.svg', '/logos/b.svg', '/logos/c.svg']);
  });

  it('notes a logo that loaded, so the next row showing it draws it at once', () => {
    vi.useFakeTimers();
    const runFrame = heldFrames();
    const one = (
      <MantineProvider env="test">
        <CellAvatar name="Yeka Fashion House" src="/logos/d.svg" />
      </MantineProvider>
    );
    const first = render(one);
    runFrame();
    act(() => vi.runAllTimers());
    fireEvent.load(screen.getByRole('img', { name: 'Yeka Fashion House' }));
    first.unmount();
    render(one);
    expect(drawnLogos()).toEqual(['/logos/d.svg']);
  });
});
