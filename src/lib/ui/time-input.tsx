import { TextInput, type TextInputProps } from '@mantine/core'

export type TimeInputProps = Omit<TextInputProps, 'type' | 'value' | 'onChange'> & {
  /** 'HH:mm' or 'HH:mm:ss' (24 h), '' when empty. */
  value: string
  onChange: (value: string) => void
}

/**
 * A time of day. The browser's own time control: on a Spanish tablet it reads in
 * 12-hour a. m./p. m. like the rest of the screens, it has a touch picker, and it
 * needs no extra code in the panel.
 */
export function TimeInput({ value, onChange, ...props }: TimeInputProps) {
  return <TextInput type="time" step={60} value={value.slice(0, 5)} onChange={(e) => onChange(e.currentTarget.value)} {...props} />
}
