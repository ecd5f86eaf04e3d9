/**
 * The shell of the back office's CRUD list screens (Pacientes, Especialistas,
 * Tratamientos, Usuarios): header with the register button, an optional notice, the
 * search with its count, the list's states around the table, and the '¿Eliminar …?'
 * confirmation. A screen gives its texts, columns, form and rules; the shell is written
 * once (docs/decisions/0045-kit-de-listas-y-errores.md).
 */
import { useState, type ReactNode } from 'react'
import { Button } from '@mantine/core'
import { ConfirmDialog } from './confirm-dialog.tsx'
import { DataTable, type DataTableProps } from './data-table.tsx'
import { useListSearch, type ListSearchState } from './list-search.ts'
import { ListStates, type ListStatus, type StateMessage } from './list-states.tsx'
import { PageHeader } from './page-header.tsx'
import { SearchBox } from './search-box.tsx'
import classes from './page.module.css'

export interface ListScreenState<T> extends ListSearchState {
  /** The row whose removal is being confirmed; null: no confirmation open. */
  deleting: T | null
  setDeleting: (row: T | null) => void
}

/** The search in the URL and the row being removed: the state every list screen keeps. */
export function useListScreen<T>(): ListScreenState<T> {
  const search = useListSearch()
  const [deleting, setDeleting] = useState<T | null>(null)
  return { ...search, deleting, setDeleting }
}

export interface RegisterAction {
  /** In the header: 'Registrar Nuevo Paciente'. */
  label: string
  /** In the empty list: 'Registrar Primer Paciente'. */
  firstLabel: string
  icon: ReactNode
  onClick: () => void
  disabled?: boolean
  /** The hover text (why it is disabled). */
  title?: string
}

export interface ListScreenProps<T> {
  list: ListScreenState<T>
  title: string
  lead: string
  /** Header actions shown before the register button ('Imprimir stock'). */
  actions?: ReactNode
  register: RegisterAction
  /** Shown between the header and the search (the offline notice). */
  notice?: ReactNode
  search: { label: string; placeholder: string; count: string }
  status: ListStatus
  /** Rows on the device, before the search. */
  total: number
  /** Rows matching the search, in the table's order. */
  found: readonly T[]
  loadingText: string
  errorText: string
  /** The empty list's message; its action is the register button with `firstLabel`. */
  empty: Omit<StateMessage, 'action'>
  noMatch: StateMessage
  table: Omit<DataTableProps<T>, 'rows' | 'page' | 'onPageChange'>
  remove: {
    title: (row: T) => string
    /** What will happen, in the screen's words. */
    text: (row: T) => ReactNode
    /** Removes; the screen closes the confirmation (list.setDeleting(null)) when it should. */
    onConfirm: (row: T) => Promise<void> | void
  }
  /** The screen's form dialog. */
  children?: ReactNode
}

export function ListScreen<T>({ list, title, lead, actions, register, notice, search, status, total, found, loadingText, errorText, empty, noMatch, table, remove, children }: ListScreenProps<T>) {
  const button = (label: string) => (
    <Button radius="xl" leftSection={register.icon} disabled={register.disabled} title={register.title} onClick={register.onClick}>
      {label}
    </Button>
  )
  const { deleting } = list
  return (
    <>
      <PageHeader
        title={title}
        lead={lead}
        actions={
          actions ? (
            <>
              {actions}
              {button(register.label)}
            </>
          ) : (
            button(register.label)
          )
        }
      />
      {notice}
      <SearchBox value={list.q} onChange={list.setQ} label={search.label} placeholder={search.placeholder} count={search.count} />
      <div className={classes.card}>
        <ListStates
          status={status}
          total={total}
          found={found.length}
          loadingText={loadingText}
          errorText={errorText}
          empty={{ ...empty, action: button(register.firstLabel) }}
          noMatch={noMatch}
        >
          <DataTable {...table} rows={found} page={list.page} onPageChange={list.setPage} />
        </ListStates>
      </div>

      {children}
      <ConfirmDialog
        opened={deleting !== null}
        title={deleting !== null ? remove.title(deleting) : ''}
        confirmLabel="Eliminar"
        onConfirm={() => (deleting !== null ? remove.onConfirm(deleting) : undefined)}
        onClose={() => list.setDeleting(null)}
      >
        {deleting !== null && remove.text(deleting)}
      </ConfirmDialog>
    </>
  )
}
