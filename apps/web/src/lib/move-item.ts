/** The list with the item at `index` moved by `delta` places; unchanged when it would leave it. */
export const moveItem = <T>(list: readonly T[], index: number, delta: number): T[] => {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const copy = [...list];
  const [item] = copy.splice(index, 1);
  if (item !== undefined) copy.splice(target, 0, item);
  return copy;
};
