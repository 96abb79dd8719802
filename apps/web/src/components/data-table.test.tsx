import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSort } from '@/lib/sort';
import master from '@/locales/master.en.json';
import { DataTable, type TColumn } from './data-table';

/** The sort buttons' click handlers by test id: a server render has no DOM to click on. */
const clicks = vi.hoisted(() => new Map<string, () => void>());

vi.mock('@mantine/core', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@mantine/core')>();
  const { createElement } = await import('react');
  return {
    ...actual,
    UnstyledButton: (props: {
      onClick?: () => void;
      children?: ReactNode;
      'data-testid'?: string;
    }) => {
      const testId = props['data-testid'];
      if (testId && props.onClick) clicks.set(testId, props.onClick);
      return createElement('button', { type: 'button', 'data-testid': testId }, props.children);
    },
  };
});

type TRow = { id: number; name: string; created: string };
type TKey = 'name' | 'created';

const ROWS: TRow[] = [
  { id: 1, name: 'Citra', created: '2024-01-03' },
  { id: 2, name: 'Adi', created: '2024-01-01' },
  { id: 3, name: 'Budi', created: '2024-01-02' },
];

const COLUMNS: TColumn<TRow, TKey>[] = [
  { key: 'name', header: 'Name', sortKey: 'name', render: (row) => row.name },
  { key: 'note', header: 'Note', render: () => '-' },
  { key: 'created', header: 'Created', sortKey: 'created', render: (row) => row.created },
];

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: master } },
    showSupportNotice: false,
  });
});
beforeEach(() => clicks.clear());

type TProps = {
  sort?: TSort<TKey> | null;
  onSortChange?: (sort: TSort<TKey> | null) => void;
  onPageChange?: (page: number) => void;
  page?: number;
};

/** The table over ROWS as a server render: three rows a page, `props` over these defaults. */
const renderTable = (props: Partial<Parameters<typeof DataTable<TRow, TKey>>[0]>) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <DataTable
          testId="t"
          columns={COLUMNS}
          rows={ROWS}
          rowKey={(row) => row.id}
          loading={false}
          emptyText="Nothing"
          page={1}
          perPage={3}
          total={3}
          onPageChange={() => {}}
          {...props}
        />
      </MantineProvider>
    </I18nextProvider>,
  );

const render = ({ sort, onSortChange, onPageChange = () => {}, page = 1 }: TProps) =>
  renderTable({
    rowTestId: (row) => `row-${row.name}`,
    page,
    total: 9,
    onPageChange,
    ...(sort !== undefined ? { sort } : {}),
    ...(onSortChange ? { onSortChange } : {}),
  });

const rowOrder = (html: string) => [...html.matchAll(/data-testid="row-(\w+)"/g)].map((m) => m[1]);
const ariaSorts = (html: string) => [...html.matchAll(/aria-sort="(\w+)"/g)].map((m) => m[1]);

describe('DataTable with server sorting', () => {
  it('shows the rows in the order the server sent them, whatever the sort', () => {
    for (const sort of [
      { key: 'name', dir: 'asc' },
      { key: 'name', dir: 'desc' },
      { key: 'created', dir: 'asc' },
    ] as const) {
      expect(rowOrder(render({ sort, onSortChange: () => {} }))).toEqual(['Citra', 'Adi', 'Budi']);
    }
  });

  it('offers sort buttons on the sortable headers only and marks the sorted one', () => {
    const html = render({ sort: { key: 'created', dir: 'desc' }, onSortChange: () => {} });
    expect([...clicks.keys()].sort()).toEqual(['t-sort-created', 't-sort-name']);
    expect(ariaSorts(html)).toEqual(['descending']);
    expect(html).toMatch(/<th[^>]*aria-sort="descending"[^>]*>.*?Created/);
    expect(ariaSorts(render({ sort: null, onSortChange: () => {} }))).toEqual([]);
  });

  it('asks for the next sort on a click (asc → desc → none) and goes back to page 1', () => {
    const onSortChange = vi.fn();
    const onPageChange = vi.fn();
    render({ sort: { key: 'name', dir: 'asc' }, onSortChange, onPageChange, page: 3 });
    clicks.get('t-sort-name')?.();
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'name', dir: 'desc' });
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    clicks.get('t-sort-created')?.();
    expect(onSortChange).toHaveBeenLastCalledWith({ key: 'created', dir: 'asc' });

    onPageChange.mockClear();
    render({ sort: { key: 'name', dir: 'desc' }, onSortChange, onPageChange, page: 1 });
    clicks.get('t-sort-name')?.();
    expect(onSortChange).toHaveBeenLastCalledWith(null);
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('has no sort buttons without onSortChange', () => {
    const html = render({});
    expect(clicks.size).toBe(0);
    expect(html).not.toContain('t-sort-');
    expect(rowOrder(html)).toEqual(['Citra', 'Adi', 'Budi']);
  });
});

describe('DataTable with row selection', () => {
  const renderPicked = (selected: number[]) =>
    renderTable({
      selection: {
        selected: new Set(selected),
        onChange: () => {},
        selectable: (row) => row.id !== 3,
      },
    });
  const boxes = (html: string) =>
    [...html.matchAll(/<input[^>]*data-testid="t-select"[^>]*>/g)].map((m) => m[0]);

  it('draws a checkbox per row, checked for the picked rows, disabled for the unpickable', () => {
    const rows = boxes(renderPicked([2]));
    expect(rows).toHaveLength(3);
    expect(rows.map((box) => box.includes('checked'))).toEqual([false, true, false]);
    expect(rows.map((box) => box.includes('disabled'))).toEqual([false, false, true]);
  });

  it('checks the page box only when every pickable row is picked', () => {
    const page = (html: string) => /<input[^>]*data-testid="t-select-page"[^>]*>/.exec(html)?.[0];
    expect(page(renderPicked([1]))).not.toContain('checked');
    expect(page(renderPicked([1, 2]))).toContain('checked');
  });
});

describe('DataTable range', () => {
  const range = (html: string) => html.match(/data-testid="t-range"[^>]*>([^<]*)</)?.[1];

  it('says how many rows there are', () => {
    expect(range(renderTable({ page: 2, total: 9 }))).toBe('Showing 4–6 of 9');
  });

  it('says "more than" when the server stopped counting a search', () => {
    expect(range(renderTable({ page: 1, total: 1000, capped: true }))).toBe(
      'Showing 1–3 of more than 1000',
    );
  });
});
