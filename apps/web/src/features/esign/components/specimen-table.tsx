import { formatDate, type TEsignSortKey, type TEsignSpecimen } from '@bubuh/contracts';
import {
  Badge,
  Group,
  ScrollArea,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSearch, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableFooter } from '@/components/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { nextSort } from '@/lib/sort';
import type { useListState } from '@/lib/use-list-state';
import classes from './esign.module.css';
import { SpecimenActions } from './specimen-actions';
import { SpecimenPreview } from './specimen-preview';

/** A user keeps at most 10 specimens: 5 a page. */
export const SPECIMENS_PER_PAGE = 5;

const TEST_ID = 'specimen-table';
const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

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
  const visible = rows ?? [];
  const { page, perPage, sort } = list;

  const header = (key: TEsignSortKey, label: ReactNode) => {
    const active = sort?.key === key ? sort.dir : null;
    const Icon =
      active === 'asc' ? IconChevronUp : active === 'desc' ? IconChevronDown : IconSelector;
    return (
      <Table.Th aria-sort={active ? ARIA_SORT[active] : undefined}>
        <UnstyledButton
          onClick={() => list.setSort(nextSort(sort, key))}
          data-testid={`${TEST_ID}-sort-${key}`}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4, font: 'inherit' }}
        >
          {label}
          <Icon size={14} stroke={1.8} />
        </UnstyledButton>
      </Table.Th>
    );
  };

  return (
    <div data-testid={TEST_ID}>
      <Group justify="space-between" mb="md" gap="sm">
        <TextInput
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          placeholder={t('master.esign.search')}
          aria-label={t('master.esign.search')}
          leftSection={<IconSearch size={16} />}
          w={{ base: '100%', sm: 300 }}
          data-testid={`${TEST_ID}-search`}
        />
      </Group>

      {error ? <ErrorAlert mb="md">{error}</ErrorAlert> : null}

      <ScrollArea type="auto">
        <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" miw={720}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={200}>{t('master.esign.specimen')}</Table.Th>
              {header('name', t('master.esign.name'))}
              {header('source', t('master.esign.madeBy'))}
              {header('default', t('master.esign.status'))}
              {header('created', t('master.esign.created'))}
              <Table.Th w={60}>
                <VisuallyHidden>{t('master.actions.label')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visible.map((specimen) => (
              <Table.Tr
                key={specimen.id}
                className={classes.row}
                data-testid={`specimen-row-${specimen.id}`}
                data-specimen-name={specimen.name}
                data-default={specimen.is_default || undefined}
              >
                <Table.Td>
                  <SpecimenPreview url={specimen.image_url} name={specimen.name} />
                </Table.Td>
                <Table.Td>
                  <Text fw={600} fz="sm" data-testid="specimen-row-name">
                    {specimen.name}
                  </Text>
                </Table.Td>
                <Table.Td fz="sm">{t(`master.esign.source.${specimen.source}`)}</Table.Td>
                <Table.Td>
                  {specimen.is_default ? (
                    <Badge variant="light" color="brand" data-testid="specimen-default">
                      {t('master.esign.default')}
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td fz="sm">{formatDate(specimen.created_at)}</Table.Td>
                <Table.Td ta="right">
                  <SpecimenActions
                    specimen={specimen}
                    busy={busyId === specimen.id}
                    onRename={() => onRename(specimen)}
                    onMakeDefault={() => onMakeDefault(specimen)}
                    onDelete={() => onDelete(specimen)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>

      <TableFooter
        loading={loading}
        error={error}
        count={visible.length}
        emptyText={t('master.esign.noMatch')}
        page={page}
        perPage={perPage}
        total={total}
        onPageChange={list.setPage}
        testId={TEST_ID}
        withEdges={false}
      />
    </div>
  );
};
