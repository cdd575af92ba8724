import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '@/test/render-ui';
import { ListPageLayout } from './list-page-layout';

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
});
