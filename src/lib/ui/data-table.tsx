/**
 * The back office's table: columns are definitions (header, cell, optional sort value),
 * one page of rows is rendered (so thousands of rows stay instant), headers with a sort
 * value sort on click, and each row may carry an actions menu (⋮). The actions column
 * stays in view while the table scrolls sideways on a narrow tablet, and long unbroken
 * text wraps instead of pushing the columns off-screen. On a phone (≤ 600 px) each row
 * is a stacked card, every cell under its column's label, the ⋮ at the card's corner and
 * a 'Ordenar por' choice above (docs/decisions/0042-panel-en-telefono.md).
 */
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react'
import { NativeSelect, Pagination, Table, UnstyledButton } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react'
import { RowActionsMenu, type RowAction } from './row-actions-menu.tsx'
import { compareSortValues, pageCount, pageSlice, type SortDirection, type SortValue } from './table-model.ts'
import { usePhoneLayout } from './use-phone-layout.ts'
import classes from './data-table.module.css'
import { numeroEs } from '@/domain/text.ts'

export interface Column<T> {
  key: string
  header: string
  cell: (row: T) => ReactNode
  /** Makes the column sortable. */
  sortValue?: (row: T) => SortValue
  align?: 'left' | 'right' | 'center'
  /** Keep the cell on one line (figures, dates, badges). */
  nowrap?: boolean
  width?: number | string
  /** Narrowest the column gets before long text wraps (px; names want ~200). */
  minWidth?: number
  /** Let a long header ('Comisión Venta') wrap to two lines, so many figure columns fit a tablet. */
  wrapHeader?: boolean
}

export interface SortState {
  key: string
  direction: SortDirection
}

export interface DataTableProps<T> {
  rows: readonly T[]
  columns: ReadonlyArray<Column<T>>
  rowKey: (row: T) => string
  /** Accessible name of the table, e.g. 'Lista de tratamientos'. */
  label: string
  /** How a row is named in 'Acciones para {name}'. */
  rowName?: (row: T) => string
  actions?: (row: T) => RowAction[]
  pageSize?: number
  /** 1-based; with onPageChange the page is controlled (e.g. kept in the URL). */
  page?: number
  onPageChange?: (page: number) => void
  defaultSort?: SortState
  /** Below this width (px) the table scrolls sideways. */
  minWidth?: number
}

export function DataTable<T>({
  rows,
  columns,
  rowKey,
  label,
  rowName,
  actions,
  pageSize = 50,
  page: controlledPage,
  onPageChange,
  defaultSort,
  minWidth = 720,
}: DataTableProps<T>) {
  const [ownPage, setOwnPage] = useState(1)
  const [sort, setSort] = useState<SortState | null>(defaultSort ?? null)
  const sortColumn = sort ? columns.find((c) => c.key === sort.key && c.sortValue) : undefined

  const sorted = useMemo(() => {
    if (!sortColumn?.sortValue || !sort) return rows
    const value = sortColumn.sortValue
    const keyed = rows.map((row) => ({ row, v: value(row) }))
    keyed.sort((a, b) => compareSortValues(a.v, b.v, sort.direction))
    return keyed.map((k) => k.row)
  }, [rows, sortColumn, sort])

  const pages = pageCount(sorted.length, pageSize)
  const page = Math.min(controlledPage ?? ownPage, pages)
  const setPage = onPageChange ?? setOwnPage
  const visible = useMemo(() => pageSlice(sorted, page, pageSize), [sorted, page, pageSize])
  // A phone stacks the rows (same table elements: the roles stay for screen readers
  // and for the tests that read rows and cells).
  const stacked = usePhoneLayout()
  const cells = useMemo(() => columns.map((c) => cellProps(c, stacked)), [columns, stacked])

  // Rows get one stable function for their actions, reading the screen's latest: a new
  // `actions` closure on every render of the screen must not re-render every row.
  const actionsRef = useRef(actions)
  useLayoutEffect(() => {
    actionsRef.current = actions
  })
  const rowActions = useCallback((row: T) => actionsRef.current?.(row) ?? [], [])
  const hasActions = !!actions

  const toggleSort = (key: string) =>
    setSort((s) => (s?.key === key ? { key, direction: s.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' }))

  const table = (
    <Table
      verticalSpacing="sm"
      horizontalSpacing="md"
      highlightOnHover={!stacked}
      aria-label={label}
      className={stacked ? `${classes.table} ${classes.stacked}` : classes.table}
      role={stacked ? 'table' : undefined}
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th
              key={c.key}
              className={c.wrapHeader ? classes.wrapHeader : undefined}
              style={{ width: c.width, minWidth: c.minWidth, textAlign: c.align }}
              aria-sort={sort?.key === c.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
            >
              {c.sortValue ? (
                <UnstyledButton className={classes.sortButton} onClick={() => toggleSort(c.key)}>
                  {c.header}
                  <SortIcon direction={sort?.key === c.key ? sort.direction : null} />
                </UnstyledButton>
              ) : (
                c.header
              )}
            </Table.Th>
          ))}
          {hasActions && (
            <Table.Th className={classes.actionsCell} style={{ width: 64 }}>
              <span className="visually-hidden">Acciones</span>
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody role={stacked ? 'rowgroup' : undefined}>
        {visible.map((row) => (
          <Row
            key={rowKey(row)}
            row={row}
            columns={columns}
            cells={cells}
            actions={hasActions ? rowActions : undefined}
            name={rowName ? rowName(row) : ''}
            stacked={stacked}
          />
        ))}
      </Table.Tbody>
    </Table>
  )

  return (
    <>
      {stacked ? (
        <>
          <PhoneSort columns={columns} sort={sort} onSort={setSort} />
          {table}
        </>
      ) : (
        <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>
      )}
      {pages > 1 && (
        <div className={classes.pager}>
          <span className={classes.range}>
            Mostrando {numeroEs((page - 1) * pageSize + 1)}–{numeroEs(Math.min(page * pageSize, sorted.length))} de{' '}
            {numeroEs(sorted.length)}
          </span>
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            radius="xl"
            size="sm"
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Página anterior' : control === 'next' ? 'Página siguiente' : control,
            })}
            getItemProps={(p) => ({ 'aria-label': `Página ${p}` })}
          />
        </div>
      )}
    </>
  )
}

/** A second, smaller line in a cell ('DNI 12345678' under a name). */
export function CellNote({ children }: { children: ReactNode }) {
  return <span className={classes.note}>{children}</span>
}

/**
 * A phone's sorting: the column headers are hidden with the stacked rows, so the same
 * sort is chosen here (a native select: the phone's own picker).
 */
function PhoneSort<T>({ columns, sort, onSort }: { columns: ReadonlyArray<Column<T>>; sort: SortState | null; onSort: (s: SortState | null) => void }) {
  const sortable = columns.filter((c) => c.sortValue)
  if (sortable.length === 0) return null
  const direction = sort?.direction ?? 'asc'
  return (
    <div className={classes.phoneSort}>
      <NativeSelect
        label="Ordenar por"
        size="sm"
        className={classes.phoneSortSelect}
        value={sort?.key ?? ''}
        onChange={(e) => onSort(e.currentTarget.value ? { key: e.currentTarget.value, direction } : null)}
        data={[{ value: '', label: 'Sin ordenar' }, ...sortable.map((c) => ({ value: c.key, label: c.header }))]}
      />
      <UnstyledButton
        className={classes.phoneSortDirection}
        disabled={!sort}
        onClick={() => sort && onSort({ key: sort.key, direction: direction === 'asc' ? 'desc' : 'asc' })}
      >
        <SortIcon direction={sort ? direction : null} />
        {direction === 'asc' ? 'Ascendente' : 'Descendente'}
      </UnstyledButton>
    </div>
  )
}

function SortIcon({ direction }: { direction: SortDirection | null }) {
  if (direction === 'asc') return <IconArrowUp size={14} aria-hidden />
  if (direction === 'desc') return <IconArrowDown size={14} aria-hidden />
  return <IconArrowsSort size={14} aria-hidden className={classes.sortIdle} />
}

interface RowProps<T> {
  row: T
  columns: ReadonlyArray<Column<T>>
  cells: readonly CellProps[]
  actions?: (row: T) => RowAction[]
  name: string
  stacked: boolean
}

// Memoised: typing in a search box re-renders only rows whose data changed (columns
// must be stable: module-level or memoised by the screen). Body rows are plain <tr>/<td>
// with Mantine's own table classes: a Table.Td is a themed component (props, styles,
// context) and a day's page mounts ~400 of them, which was most of a day switch in the
// agenda (docs/decisions/0025-agenda-velocidad.md). The look is the same: the classes
// and data attributes are what Table.Tr/Table.Td put on the element (row borders and
// hover highlight, which every DataTable turns on).
const TR = `mantine-Table-tr ${Table.classes.tr}`
const TD = `mantine-Table-td ${Table.classes.td}`
/**
 * A column's cell class and style, built once per column (not once per cell of every
 * row). Stacked, a cell carries its column's label (drawn before it by the CSS) and
 * none of the wide table's widths or alignment.
 */
interface CellProps {
  className: string
  style: CSSProperties | undefined
  label: string | undefined
}
function cellProps<T>(c: Column<T>, stacked: boolean): CellProps {
  const className = `${TD} ${c.nowrap ? classes.nowrap : classes.cell}`
  if (stacked) return { className, style: undefined, label: c.header }
  return { className, style: c.align || c.minWidth ? { textAlign: c.align, minWidth: c.minWidth } : undefined, label: undefined }
}
const Row = memo(function Row<T>({ row, columns, cells, actions, name, stacked }: RowProps<T>) {
  const cellRole = stacked ? 'cell' : undefined
  return (
    <tr className={TR} data-with-row-border data-hover={stacked ? undefined : true} role={stacked ? 'row' : undefined}>
      {columns.map((c, i) => (
        <td key={c.key} className={cells[i]!.className} style={cells[i]!.style} data-label={cells[i]!.label} role={cellRole}>
          {/* Stacked, the value is one block beside its label, whatever lines it holds. */}
          {stacked ? <div className={classes.value}>{c.cell(row)}</div> : c.cell(row)}
        </td>
      ))}
      {actions && (
        <td className={`${TD} ${classes.actionsCell}`} role={cellRole}>
          <RowActionsMenu name={name} actions={() => actions(row)} />
        </td>
      )}
    </tr>
  )
}) as <T>(props: RowProps<T>) => ReactNode
