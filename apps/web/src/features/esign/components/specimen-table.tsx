import { formatDate, type TEsignSortKey, type TEsignSpecimen } from '@bubuh/contracts';
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable, type TColumn } from '@/components/data-table';
import { actionsColumn } from '@/components/row-actions';
import type { useListState } from '@/lib/use-list-state';
import classes from './esign.module.css';
import { SpecimenActions } from './specimen-actions';
import { SpecimenPreview } from './specimen-preview';

/** A user keeps at most 10 specimens: 5 a page. */
export const SPECIMENS_PER_PAGE = 5;

const TEST_ID = 'specimen-table';

type TSpecimenTableProps = {
  rows: TEsignSpecimen[] | undefined;
  total: number;
  list: ReturnType<typeof useListState<TEsignSortKey>>;
  loading: boolean;
  error: string | null;
  /** The specimen whose change is on its way (its menu shows a spinner). */
  busyId: number | null;
  onRename: (specimen: TEsignSpecimen) => void;
  onMakeDefault: (specimen: TEsignSpecimen) => void;
  onDelete: (specimen: TEsignSpecimen) => void;
};

/**
 * The specimens as a server-paged table: search box, sortable headers (ascending → descending →
 * none, back to page 1), pagination from `meta`. Each row carries `data-specimen-name` and its
 * preview, so a row can be found by the specimen's name.
 */
export const SpecimenTable = ({
  rows,
  total,
  list,
  loading,
  error,
  busyId,
  onRename,
  onMakeDefault,
  onDelete,
}: TSpecimenTableProps) => {
  const { t } = useTranslation();
  const columns: TColumn<TEsignSpecimen, TEsignSortKey>[] = [
    {
      key: 'specimen',
      header: t('master.esign.specimen'),
      width: 200,
      render: (specimen) => <SpecimenPreview url={specimen.image_url} name={specimen.name} />,
    },
    {
      key: 'name',
      header: t('master.esign.name'),
      sortKey: 'name',
      render: (specimen) => (
        <Text fw={600} fz="sm" data-testid="specimen-row-name">
          {specimen.name}
        </Text>
      ),
    },
    {
      key: 'source',
      header: t('master.esign.madeBy'),
      sortKey: 'source',
      render: (specimen) => t(`master.esign.source.${specimen.source}`),
    },
    {
      key: 'default',
      header: t('master.esign.status'),
      sortKey: 'default',
      render: (specimen) =>
        specimen.is_default ? (
          <Badge variant="light" color="brand" data-testid="specimen-default">
            {t('master.esign.default')}
          </Badge>
        ) : null,
    },
    {
      key: 'created',
      header: t('master.esign.created'),
      sortKey: 'created',
      render: (specimen) => formatDate(specimen.created_at),
    },
    actionsColumn(
      t('master.actions.label'),
      (specimen) => (
        <SpecimenActions
          specimen={specimen}
          busy={busyId === specimen.id}
          onRename={() => onRename(specimen)}
          onMakeDefault={() => onMakeDefault(specimen)}
          onDelete={() => onDelete(specimen)}
        />
      ),
      60,
    ),
  ];

  return (
    <DataTable
      testId={TEST_ID}
      columns={columns}
      rows={rows}
      rowKey={(specimen) => specimen.id}
      rowTestId={(specimen) => `specimen-row-${specimen.id}`}
      rowProps={(specimen) => ({
        className: classes.row,
        'data-specimen-name': specimen.name,
        'data-default': specimen.is_default || undefined,
      })}
      loading={loading}
      error={error}
      emptyText={t('master.esign.noMatch')}
      page={list.page}
      perPage={list.perPage}
      total={total}
      onPageChange={list.setPage}
      sort={list.sort}
      onSortChange={list.setSort}
      search={{
        value: list.search,
        onChange: list.setSearch,
        placeholder: t('master.esign.search'),
      }}
      minWidth={720}
      withEdges={false}
    />
  );
};
