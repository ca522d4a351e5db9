// One dialog's slot in the modal registry: whether it is open, its data (kept while the closing transition
// runs, so the content does not vanish mid-animation) and a close function.
import { useRef } from 'react';
import { useModalStore } from './modal-store';
import type { ModalDataMap, ModalId } from './modal-store';

export interface ModalSlot<K extends ModalId> {
  opened: boolean;
  data: ModalDataMap[K] | undefined;
  close: () => void;
}

export function useModalSlot<K extends ModalId>(id: K): ModalSlot<K> {
  const data = useModalStore((s) => s.modals[id]) as ModalDataMap[K] | undefined;
  const close = useModalStore((s) => s.close);
  const last = useRef<ModalDataMap[K] | undefined>(data);
  if (data !== undefined) last.current = data;
  return { opened: data !== undefined, data: data ?? last.current, close: () => close(id) };
}
