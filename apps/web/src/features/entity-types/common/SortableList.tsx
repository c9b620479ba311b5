import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';

interface SortableListProps<T> {
  items: readonly T[];
  idOf: (item: T) => string;
  /** What the drag handle is called for one item, e.g. "Drag to reorder 'Incident Report'". */
  handleLabel: (item: T) => string;
  /** Called with the old and new index once an item is dropped elsewhere. */
  onMove: (from: number, to: number) => void;
  /** No handles, nothing moves (another sort or a search is showing, or the user may not reorder). */
  disabled?: boolean;
  /** Items that stay where they are (for example another scope's fields). */
  locked?: (item: T) => boolean;
  /** One row; `handle` is the drag handle to place in it (null when the row cannot move). */
  renderItem: (item: T, handle: ReactNode, index: number) => ReactNode;
  /** The element around the rows, e.g. a Paper rendered as a list. */
  as?: (children: ReactNode) => ReactNode;
}

type Sortable = Pick<ReturnType<typeof useSortable>, 'attributes' | 'listeners' | 'setActivatorNodeRef'>;

function SortableRow({ id, disabled, children }: { id: string; disabled: boolean; children: (sortable: Sortable) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const style: CSSProperties = {
    transform: CSS.Transform.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
    opacity: isDragging ? 0.85 : undefined,
    listStyle: 'none',
  };
  return (
    <li ref={setNodeRef} style={style} data-dragging={isDragging || undefined}>
      {children({ attributes, listeners, setActivatorNodeRef })}
    </li>
  );
}

/**
 * A vertical list whose rows move by dragging their handle with a pointer, or from the keyboard
 * (Space to lift, arrows to move, Space to drop, Escape to cancel).
 */
export function SortableList<T>({ items, idOf, handleLabel, onMove, disabled = false, locked, renderItem, as }: SortableListProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(idOf);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  const rows = items.map((item, index) => {
    const id = idOf(item);
    const fixed = disabled || (locked?.(item) ?? false);
    return (
      <SortableRow key={id} id={id} disabled={fixed}>
        {(sortable) =>
          renderItem(
            item,
            fixed ? null : (
              <ActionIcon
                ref={sortable.setActivatorNodeRef}
                variant="subtle"
                color="gray"
                aria-label={handleLabel(item)}
                style={{ cursor: 'grab', touchAction: 'none' }}
                {...sortable.attributes}
                {...sortable.listeners}
              >
                <IconGripVertical size={18} />
              </ActionIcon>
            ),
            index,
          )
        }
      </SortableRow>
    );
  });
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        {as ? as(rows) : <ul style={{ margin: 0, padding: 0 }}>{rows}</ul>}
      </SortableContext>
    </DndContext>
  );
}
