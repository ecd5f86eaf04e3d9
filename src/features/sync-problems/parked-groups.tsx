/**
 * Writes of other staff parked on this tablet at their sign-out (docs/decisions/0035 §3–4):
 * whose they are, what each one is, and — for an administrator — 'Apartar', which turns
 * a group into refused writes (typed values kept, nothing uploaded under another name).
 */
import { useState } from 'react'
import { Badge, Button, Card, Group, List, Stack, Text } from '@mantine/core'
import { IconClockPause } from '@tabler/icons-react'
import type { ParkedGroup } from '@sync/status/types.ts'
import { fechaHoraCorta } from '@/domain/peru-time.ts'
import { rowName } from '@/domain/column-labels.ts'
import { OPERATION_LABEL, PARKED_SET_ASIDE_HINT, parkedGroupText } from '@/domain/sync-problems.ts'
import { ConfirmDialog } from '@/lib/ui/confirm-dialog.tsx'
import classes from './sync-problems.module.css'

export interface ParkedGroupsProps {
  groups: ParkedGroup[]
  /** Present for administrators only. */
  onSetAside?: ((userId: string) => Promise<void>) | undefined
}

export function ParkedGroups({ groups, onSetAside }: ParkedGroupsProps) {
  const [asking, setAsking] = useState<ParkedGroup | null>(null)
  const total = groups.reduce((n, g) => n + g.writes.length, 0)
  return (
    <section aria-labelledby="retenidos" style={{ marginTop: 28 }}>
      <h2 id="retenidos" className={classes.sectionLabel}>
        <IconClockPause size={16} aria-hidden /> Cambios retenidos ({total})
      </h2>
      <Stack mt="sm">
        {groups.map((g) => {
          const { title, text } = parkedGroupText(g.email, g.writes.length)
          const headingId = `retenidos-${g.userId}`
          return (
            <Card key={g.userId} withBorder radius="lg" padding="lg" component="article" aria-labelledby={headingId}>
              <Text fw={700} id={headingId}>
                {title}
              </Text>
              <Text mt={4}>{text}</Text>
              <List size="sm" mt="sm" spacing={4}>
                {g.writes.map((w) => (
                  <List.Item key={`${w.table}|${w.docId}`}>
                    <Group gap={6} wrap="wrap">
                      <Badge variant="default" size="sm">
                        {w.label}
                      </Badge>
                      <span>{OPERATION_LABEL[w.operation]}:</span>
                      <strong>{rowName(w.table, w.local) ?? `${w.label}: registro sin nombre`}</strong>
                      <Text span size="xs" c="dimmed">
                        {fechaHoraCorta(w.at)}
                      </Text>
                    </Group>
                  </List.Item>
                ))}
              </List>
              {onSetAside && (
                <Group justify="space-between" mt="md" wrap="wrap" gap="sm">
                  <Text size="sm" c="dimmed" style={{ flex: '1 1 280px' }}>
                    {PARKED_SET_ASIDE_HINT}
                  </Text>
                  <Button variant="default" onClick={() => setAsking(g)}>
                    Apartar
                  </Button>
                </Group>
              )}
            </Card>
          )
        })}
      </Stack>
      {onSetAside && (
        <ConfirmDialog
          opened={asking !== null}
          title={`¿Apartar los cambios de ${asking?.email ?? 'otra persona'}?`}
          confirmLabel="Apartar cambios"
          onConfirm={async () => {
            if (asking) await onSetAside(asking.userId)
            setAsking(null)
          }}
          onClose={() => setAsking(null)}
        >
          Pasarán a «Cambios rechazados» con lo que se escribió y no se subirán a nombre de nadie. Desde allí podrás copiarlos en un registro o
          descartarlos.
        </ConfirmDialog>
      )}
    </section>
  )
}
