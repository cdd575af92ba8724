import { screen, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { renderUi } from '@/test/render-ui';
import { ListPageLayout } from './list-page-layout';

/** happy-dom's window is 1024px wide; this makes it a phone's for one test. */
function phoneScreen() {
  type HappyWindow = { happyDOM?: { setViewport(viewport: { width: number; height: number }): void } };
  const happyDOM = (window as unknown as HappyWindow).happyDOM;
  if (!happyDOM) throw new Error('This test needs the happy-dom environment');
  happyDOM.setViewport({ width: 390, height: 844 });
  onTestFinished(() => happyDOM.setViewport({ width: 1024, height: 768 }));
}

describe('ListPageLayout', () => {
  it('shows the title as the page heading, the action beside it and the toolbar above the list', () => {
    renderUi(
      <ListPageLayout
        title="Currencies"
        action={<button type="button">Add</button>}
        toolbar={<input aria-label="Search" />}
      >
        <table aria-label="list" />
      </ListPageLayout>,
    );
    const heading = screen.getByRole('heading', { level: 2, name: 'Currencies' });
    expect(within(heading.parentElement as HTMLElement).getByRole('button', { name: 'Add' })).toBeVisible();
    const search = screen.getByRole('textbox', { name: 'Search' });
    const list = screen.getByRole('table', { name: 'list' });
    // The toolbar comes before the list in the document (and so above it, and first in tab order).
    expect(search.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('puts the filter panel beside the list, and leaves no empty panel while it is pending', () => {
    const { unmount } = renderUi(
      <ListPageLayout title="Merchants" side={<nav aria-label="filter" />}>
        <table aria-label="list" />
      </ListPageLayout>,
    );
    const filter = screen.getByRole('navigation', { name: 'filter' });
    const list = screen.getByRole('table', { name: 'list' });
    expect(filter.parentElement?.parentElement).toBe(list.parentElement?.parentElement?.parentElement);
    unmount();

    const { container } = renderUi(
      <ListPageLayout title="Merchants" side={null} toolbar={null}>
        <table aria-label="list" />
      </ListPageLayout>,
    );
    // One panel (the list's), no empty filter panel and no empty toolbar row.
    expect(container.querySelectorAll('.mantine-Paper-root')).toHaveLength(1);
    expect(container.querySelectorAll('.mantine-Group-root')).toHaveLength(1);
  });

  it('on a phone puts the filter panel above the list, not beside it in an unwrapped row', () => {
    phoneScreen();
    const { container } = renderUi(
      <ListPageLayout
        title="Merchants"
        side={<nav aria-label="filter" />}
        toolbar={<input aria-label="Search" />}
      >
        <table aria-label="list" />
      </ListPageLayout>,
    );
    const filter = screen.getByRole('navigation', { name: 'filter' });
    const list = screen.getByRole('table', { name: 'list' });
    expect(filter.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Beside the list the panel shares a row that never wraps, leaving the table about 120px.
    const rows = [...container.querySelectorAll<HTMLElement>('.mantine-Group-root')];
    expect(rows.filter((row) => row.style.getPropertyValue('--group-wrap') === 'nowrap')).toHaveLength(0);
    // Nor is it framed as a side panel: the list's frame is the only one.
    expect(container.querySelectorAll('.mantine-Paper-root')).toHaveLength(1);
  });
});
