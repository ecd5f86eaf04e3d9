import { useEffect, useState } from 'react'
import { TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import classes from './page.module.css'

export interface SearchBoxProps {
  /** The term as the URL holds it. */
  value: string
  onChange: (term: string) => void
  /** Accessible name, e.g. 'Buscar tratamientos'. */
  label: string
  placeholder: string
  /** Shown at the right, e.g. '12 de 340 tratamientos'. */
  count?: string
}

/**
 * The list's search field. It answers each keystroke from its own state, so typing
 * never waits for the URL update that follows (the term lives in the URL for reload
 * and back), and it follows the URL when that changes from elsewhere (back button).
 */
export function SearchBox({ value, onChange, label, placeholder, count }: SearchBoxProps) {
  const [term, setTerm] = useState(value)
  useEffect(() => setTerm(value), [value])
  return (
    <div className={classes.toolbar}>
      <TextInput
        className={classes.search}
        type="search"
        aria-label={label}
        placeholder={placeholder}
        leftSection={<IconSearch size={18} aria-hidden />}
        value={term}
        onChange={(e) => {
          setTerm(e.currentTarget.value)
          onChange(e.currentTarget.value)
        }}
      />
      {count && (
        <span className={classes.count} role="status" aria-live="polite">
          {count}
        </span>
      )}
    </div>
  )
}
