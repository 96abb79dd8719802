import { FileButton, type FileButtonProps } from '@mantine/core';
import { ActionButton, type TButtonAction } from '@/components/button-row';

type TPickFileButtonProps<Multiple extends boolean> = Omit<
  TButtonAction,
  'onClick' | 'to' | 'type' | 'hidden'
> &
  Pick<FileButtonProps<Multiple>, 'multiple' | 'accept'> & {
    /** The picked file (or files with `multiple`). */
    onPick: FileButtonProps<Multiple>['onChange'];
  };

/** A button that opens the file picker: the button from its description, the pick to `onPick`. */
export const PickFileButton = <Multiple extends boolean = false>({
  onPick,
  multiple,
  accept,
  ...action
}: TPickFileButtonProps<Multiple>) => (
  <FileButton<Multiple> onChange={onPick} multiple={multiple} accept={accept}>
    {({ onClick }) => <ActionButton {...action} onClick={onClick} />}
  </FileButton>
);
