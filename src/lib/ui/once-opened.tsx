import { useLayoutEffect, useState, type ReactNode } from 'react'
import { Modal, type ModalProps } from '@mantine/core'

/**
 * Renders `children` from the first time `opened` is true and keeps them mounted after,
 * so a closing dialog still plays its transition and keeps its state. Until then a
 * closed dialog costs the screen nothing when it mounts: the agenda rendered three
 * closed dialogs on every visit (docs/decisions/0027-pantalla-sin-trabajo-de-mas.md).
 */
export function OnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [used, setUsed] = useState(opened)
  // Set during render (React's "storing information from previous renders"): the
  // dialog mounts in the same commit that opens it.
  if (opened && !used) setUsed(true)
  return used ? children : null
}

/**
 * Mantine's Modal under OnceOpened, for the kit's dialogs. It mounts closed and opens in
 * its first layout effect, before anything is painted, so Mantine sees an opening: it
 * remembers the focused element (the button or menu that opened it) to give the focus
 * back on close, and fades in, as an always-mounted Modal does.
 */
export function LazyModal(props: ModalProps) {
  return (
    <OnceOpened opened={props.opened}>
      <OpenedAfterMount {...props} />
    </OnceOpened>
  )
}

function OpenedAfterMount({ opened, ...props }: ModalProps) {
  return <Modal opened={useOpenedAfterMount(opened)} {...props} />
}

/** `opened`, except in the first render: a Modal given it sees its first opening as one (see LazyModal). */
export function useOpenedAfterMount(opened: boolean): boolean {
  const [mounted, setMounted] = useState(false)
  useLayoutEffect(() => setMounted(true), [])
  return opened && mounted
}
