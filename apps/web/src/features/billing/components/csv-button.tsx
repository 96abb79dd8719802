import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';

/** The "CSV" export button of the purchase and transaction histories. */
export const CsvButton = ({ onClick }: { onClick: () => void }) => (
  <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} onClick={onClick}>
    CSV
  </Button>
);
