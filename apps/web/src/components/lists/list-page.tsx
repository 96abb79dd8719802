import type { ReactNode } from 'react';
import { DataTable, type TColumn, type TTableSource } from '@/components/data-table';
import { DeleteConfirmDialog } from '@/components/delete-confirm-dialog';
import { AddButton, ListSection } from '@/components/list-section';
import type { TDeleteDialog } from '@/lib/use-row-dialogs';

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
  rowKey: (row: T) => string | number;
  /** What names a row in its test id; or `rowTestId` for the whole test id. */
  rowName?: (row: T) => string | number;
  rowTestId?: (row: T) => string;
  emptyText: string;
  /** The table toolbar's buttons. */
  actions?: ReactNode;
  /** The toolbar's "Add …" button (`AddButton`), after `actions`: a click or a link. */
  add?: { label: ReactNode; testId: string; onClick?: () => void; to?: string; icon?: ReactNode };
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
  const content = (
    <>
      <DataTable
        testId={testIds?.table ?? `${prefix}-table`}
        columns={columns}
        {...source}
        rowKey={rowKey}
        rowTestId={rowTestId ?? (rowName ? (row) => `${prefix}-row-${rowName(row)}` : undefined)}
        emptyText={emptyText}
        actions={
          add ? (
            <>
              {actions}
              <AddButton onClick={add.onClick} to={add.to} testId={add.testId} icon={add.icon}>
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
