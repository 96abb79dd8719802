import type { ReactNode } from 'react';
import { DataTable, type TColumn, type TTableSource } from '@/components/data-table';
import { DeleteConfirmDialog } from '@/components/delete-confirm-dialog';
import { AddButton, ListSection } from '@/components/list-section';
import type { TDeleteDialog } from '@/lib/use-row-dialogs';

/** A row's `id` or `name` when it has one: the defaults of `rowKey` and `rowName`. */
const fieldOf = (row: unknown, field: 'id' | 'name'): string | number | undefined => {
  if (typeof row !== 'object' || row === null || !(field in row)) return undefined;
  const value: unknown = Reflect.get(row, field);
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
};

type TListPageProps<T, K extends string> = {
  /**
   * The list's test ids: `<prefix>-page` on the card, `<prefix>-table`, `<prefix>-row-<rowName>`
   * on each row, `<prefix>-delete-dialog`. `testIds` overrides the table's and the card's (`null`:
   * none).
   */
  prefix: string;
  testIds?: { table?: string; page?: string | null };
  /** `pagedTable(...)`, `pagedRows(...)` or `wholeTable(...)`. */
  source: TTableSource<T, K>;
  columns: TColumn<T, K>[];
  /** The row's React key: its `id` when left out (rows without an `id` must give it). */
  rowKey?: (row: T) => string | number;
  /**
   * What names a row in its test id (the row's `name` when left out, if it has one); or
   * `rowTestId` for the whole test id.
   */
  rowName?: (row: T) => string | number;
  rowTestId?: (row: T) => string;
  emptyText: string;
  /** The table toolbar's buttons. */
  actions?: ReactNode;
  /**
   * The toolbar's "Add …" button (`AddButton`), after `actions`: a click or a link; its test id
   * is `<prefix>-add` unless `testId` says otherwise.
   */
  add?: { label: ReactNode; testId?: string; onClick?: () => void; to?: string; icon?: ReactNode };
  /** The card's title, its tools and introduction (`ListSection`). */
  title?: ReactNode;
  tools?: ReactNode;
  intro?: ReactNode;
  /** No card around the table (the route draws it). */
  bare?: boolean;
  /** The rows' delete confirmation (`useDeleteConfirm`), its title and body. */
  deletion?: {
    state: { deleting: T | null; dialog: TDeleteDialog };
    title: string;
    body: (row: T) => string;
  };
  /** The list's dialogs (add / edit forms). */
  children?: ReactNode;
};

/**
 * A list page of the kit: the card, the server-paged `DataTable` with its toolbar, the list's
 * dialogs and the delete confirmation, with test ids named after `prefix`.
 */
export const ListPage = <T, K extends string = never>({
  prefix,
  testIds,
  source,
  columns,
  rowKey,
  rowName,
  rowTestId,
  emptyText,
  actions,
  add,
  title,
  tools,
  intro,
  bare = false,
  deletion,
  children,
}: TListPageProps<T, K>) => {
  const nameOf = rowName ?? ((row: T) => fieldOf(row, 'name'));
  const content = (
    <>
      <DataTable
        testId={testIds?.table ?? `${prefix}-table`}
        columns={columns}
        {...source}
        rowKey={rowKey ?? ((row) => fieldOf(row, 'id') ?? '')}
        rowTestId={
          rowTestId ??
          ((row) => {
            const name = nameOf(row);
            return name === undefined ? undefined : `${prefix}-row-${name}`;
          })
        }
        emptyText={emptyText}
        actions={
          add ? (
            <>
              {actions}
              <AddButton
                onClick={add.onClick}
                to={add.to}
                testId={add.testId ?? `${prefix}-add`}
                icon={add.icon}
              >
                {add.label}
              </AddButton>
            </>
          ) : (
            actions
          )
        }
      />
      {children}
      {deletion ? (
        <DeleteConfirmDialog
          deletion={deletion.state}
          testId={`${prefix}-delete-dialog`}
          title={deletion.title}
          body={deletion.body}
        />
      ) : null}
    </>
  );
  if (bare) return content;
  return (
    <ListSection
      testId={testIds?.page === null ? undefined : (testIds?.page ?? `${prefix}-page`)}
      title={title}
      tools={tools}
      intro={intro}
    >
      {content}
    </ListSection>
  );
};
