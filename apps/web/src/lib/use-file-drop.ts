import { type DragEvent, useState } from 'react';

/**
 * A drop target for files: spread `dropProps` on the element; `data-over` is set while files are
 * dragged over it (for its style), and `onFiles` gets what is dropped.
 */
export const useFileDrop = (onFiles: (files: FileList) => void) => {
  const [over, setOver] = useState(false);
  return {
    'data-over': over || undefined,
    onDragOver: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      setOver(false);
      onFiles(event.dataTransfer.files);
    },
  };
};
