import { TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import classes from './page.module.css'

export interface SearchBoxProps {
  /** The term (useListSearch's `q`). */
  value: string
  onChange: (term: string) => void
  /** Accessible name, e.g. 'Buscar tratamientos'. */
  label: string
  placeholder: string
  /** Shown at the right, e.g. '12 de 340 tratamientos'. */
  count?: string
}

/** The list's search field with the count of what it found. */
export function SearchBox({ value, onChange, label, placeholder, count }: SearchBoxProps) {
  return (
    <div className={classes.toolbar}>
      <TextInput
        className={classes.search}
        type="search"
        aria-label={label}
        placeholder={placeholder}
        leftSection={<IconSearch size={18} aria-hidden />}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      {count && (
        <span className={classes.count} role="status" aria-live="polite">
          {count}
        </span>
      )}
    </div>
  )
}
