import { Fragment } from 'react'

/**
 * An e-mail address in a narrow cell: when it has to wrap it breaks after the '@' (and,
 * for a very long name before it, after a '.', '_' or '-' there), never in the middle of
 * a word; the whole address is its hover title. Breaking was preferred to cutting it with
 * '…': receptionists read and dictate addresses, and a wrapped one needs no hover or
 * focus to be read whole (docs/decisions/0040-bordes-del-panel.md).
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@')
  if (at < 0) return <>{email}</>
  // A break after each '.', '_' or '-' of the name (no lookbehind: older tablet browsers).
  const local = email
    .slice(0, at + 1)
    .replace(/([._-])(?=.)/g, '$1\n')
    .split('\n')
  return (
    <span title={email}>
      {local.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
      <wbr />
      {email.slice(at + 1)}
    </span>
  )
}
