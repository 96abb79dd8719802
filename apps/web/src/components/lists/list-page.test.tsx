import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TColumn } from '@/components/data-table';
import { ListPage } from './list-page';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: {}, showSupportNotice: false });
});

const source = <T,>(rows: T[]) => ({
  rows,
  loading: false,
  page: 1,
  perPage: 10,
  total: rows.length,
  onPageChange: () => undefined,
});

/** A bare list page over `rows` as a server render. */
const render = <T,>(rows: T[], columns: TColumn<T>[], more: { rowName?: (row: T) => string }) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <ListPage
          prefix="thing"
          bare
          source={source(rows)}
          columns={columns}
          emptyText="Nothing"
          add={{ label: 'Add', onClick: () => undefined }}
          {...more}
        />
      </MantineProvider>
    </I18nextProvider>,
  );

describe('ListPage', () => {
  it("names each row's test id after its name by default, and the add button after the prefix", () => {
    const html = render(
      [
        { id: 1, name: 'Adi' },
        { id: 2, name: 'Budi' },
      ],
      [{ key: 'name', header: 'Name', render: (row) => row.name }],
      {},
    );
    expect(html).toContain('data-testid="thing-row-Adi"');
    expect(html).toContain('data-testid="thing-row-Budi"');
    expect(html).toContain('data-testid="thing-add"');
    expect(html).toContain('data-testid="thing-table"');
  });

  it('uses `rowName` when given, and gives rows without a name no test id', () => {
    const named = render(
      [{ id: 1, name: 'Adi', email: 'adi@example.com' }],
      [{ key: 'email', header: 'E-mail', render: (row) => row.email }],
      { rowName: (row) => row.email },
    );
    expect(named).toContain('data-testid="thing-row-adi@example.com"');
    const nameless = render(
      [{ id: 7, code: 'PROMO' }],
      [{ key: 'code', header: 'Code', render: (row) => row.code }],
      {},
    );
    expect(nameless).not.toContain('thing-row-');
    expect(nameless).toContain('PROMO');
  });
});
