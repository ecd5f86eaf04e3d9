import classes from './email-text.module.css'

/**
 * An e-mail address in a narrow cell: when it has to wrap it breaks after the '@' (and,
 * for a long name before it, after a '.', '_' or '-' there), never inside a word nor at
 * the hyphen of a domain; a piece still wider than the cell is cut with '…'. The whole
 * address is the title (hover) and the accessible text. Breaking was preferred to
 * cutting: receptionists read and dictate addresses, and a wrapped one needs no hover
 * or focus to be read whole (docs/decisions/0040-bordes-del-panel.md).
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@')
  if (at < 0) return <>{email}</>
  // A break after each '.', '_' or '-' of the name (no lookbehind: older tablet browsers).
  const parts = [
    ...email
      .slice(0, at + 1)
      .replace(/([._-])(?=.)/g, '$1\n')
      .split('\n'),
    email.slice(at + 1),
  ]
  return (
    <span className={classes.email} title={email}>
      {parts.map((part, i) => (
        <span key={i} className={classes.part}>
          {part}
        </span>
      ))}
    </span>
  )
}
