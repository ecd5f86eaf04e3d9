/**
 * The one xlsx wrapper (docs/decisions/0005-back-office-kit.md). Screens describe
 * sheets — name, columns with a header, a value and a format — and get a real .xlsx
 * with numbers as numbers (`0.00`), dates as dates (`dd/mm/yyyy`), column widths and
 * an optional footer (totals). SheetJS is loaded on demand, the first time someone
 * exports, in its own chunk; the service worker precaches that chunk like every other
 * built file, so an export works offline once the panel was opened.
 */

export type CellFormat = 'text' | 'money' | 'integer' | 'date'
export type CellValue = string | number | null | undefined

export interface SheetColumn<T> {
  header: string
  value: (row: T) => CellValue
  /** 'money': number, 2 decimals; 'date': a 'YYYY-MM-DD' text becomes a date cell. */
  format?: CellFormat
  /** Width in characters (default: fits the header and the first rows). */
  width?: number
}

export interface SheetSpec<T> {
  /** At most 31 characters (Excel's limit). */
  name: string
  columns: ReadonlyArray<SheetColumn<T>>
  rows: readonly T[]
  /** Rows after the data, one value per column (e.g. a totals row). */
  footer?: ReadonlyArray<ReadonlyArray<CellValue>>
}

/** A sheet with its row type erased, so one workbook can hold sheets of different rows. */
export interface Sheet {
  name: string
  headers: string[]
  formats: CellFormat[]
  widths: Array<number | undefined>
  rows: number
  cells(index: number): CellValue[]
  footer: ReadonlyArray<ReadonlyArray<CellValue>>
}

export function sheet<T>(spec: SheetSpec<T>): Sheet {
  if (spec.name.length > 31) throw new Error(`Nombre de hoja demasiado largo: ${spec.name}`)
  return {
    name: spec.name,
    headers: spec.columns.map((c) => c.header),
    formats: spec.columns.map((c) => c.format ?? 'text'),
    widths: spec.columns.map((c) => c.width),
    rows: spec.rows.length,
    cells: (i) => spec.columns.map((c) => c.value(spec.rows[i] as T)),
    footer: spec.footer ?? [],
  }
}

const NUMBER_FORMAT: Record<CellFormat, string | null> = { text: null, money: '0.00', integer: '0', date: 'dd/mm/yyyy' }
const DAY_MS = 86_400_000
const EXCEL_EPOCH = Date.UTC(1899, 11, 30)

/** 'YYYY-MM-DD' → Excel's day number (no time zone involved). */
export function excelDate(iso: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso)
  if (!m) return null
  return (Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - EXCEL_EPOCH) / DAY_MS
}

type Progress = (done: number) => void
const CHUNK = 2_000

/** The workbook as .xlsx bytes; `onProgress` gets 0…1 while long sheets are built. */
export async function buildWorkbook(sheets: readonly Sheet[], onProgress?: Progress): Promise<Uint8Array> {
  const XLSX = await import('xlsx')
  const book = XLSX.utils.book_new()
  const total = sheets.reduce((n, s) => n + s.rows, 0) || 1
  let done = 0
  for (const s of sheets) {
    const data: CellValue[][] = [s.headers]
    for (let i = 0; i < s.rows; i++) {
      data.push(s.cells(i))
      // Long exports yield now and then, so the progress bar moves and the tablet stays responsive.
      if (++done % CHUNK === 0) {
        onProgress?.(done / total)
        await new Promise((r) => setTimeout(r, 0))
      }
    }
    data.push(...s.footer.map((r) => [...r]))
    const ws = XLSX.utils.aoa_to_sheet(data.map((row) => row.map((v, c) => toCell(v, s.formats[c] ?? 'text'))))
    for (let r = 1; r < data.length; r++) {
      for (let c = 0; c < s.headers.length; c++) {
        const format = NUMBER_FORMAT[s.formats[c] ?? 'text']
        const cell = ws[XLSX.utils.encode_cell({ r, c })] as { t?: string; z?: string } | undefined
        if (format && cell?.t === 'n') cell.z = format
      }
    }
    ws['!cols'] = s.headers.map((h, c) => ({ wch: s.widths[c] ?? fitWidth(h, data, c) }))
    XLSX.utils.book_append_sheet(book, ws, s.name)
  }
  onProgress?.(1)
  return XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as Uint8Array
}

function toCell(value: CellValue, format: CellFormat): string | number | null {
  if (value === null || value === undefined || value === '') return null
  if (format === 'date' && typeof value === 'string') return excelDate(value) ?? value
  if ((format === 'money' || format === 'integer') && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value)
  return value
}

function fitWidth(header: string, data: CellValue[][], column: number): number {
  let width = header.length
  for (let r = 1; r < Math.min(data.length, 200); r++) width = Math.max(width, String(data[r]?.[column] ?? '').length)
  return Math.min(Math.max(width + 2, 8), 60)
}

/** Builds the workbook and hands it to the browser as a download named `fileName`. */
export async function downloadWorkbook(fileName: string, sheets: readonly Sheet[], onProgress?: Progress): Promise<void> {
  const bytes = await buildWorkbook(sheets, onProgress)
  const blob = new Blob([bytes as BlobPart], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.rel = 'noopener'
  document.body.append(a)
  a.click()
  a.remove()
  // The download has started from the URL; free it once the click was handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
