/**
 * The embedded server in a process of its own, for benches that measure the server and
 * not their own clients (tests/bench/support/stack-process.ts). Started with the stack
 * options as JSON in argv; answers the parent's commands over IPC.
 */
import { startStack, defaultSeed, type StackOptions } from '../../../supabase/local/server.ts'
import { seedDemoOnStack } from './demo-volume.ts'
import type { ChildCommand } from './stack-process.ts'

const options = JSON.parse(process.argv[2] ?? '{}') as Pick<StackOptions, 'databaseUrl'>
const stack = await startStack({ memory: true, port: 0, host: '127.0.0.1', seed: defaultSeed, log: () => {}, ...options })

async function answer(command: ChildCommand): Promise<unknown> {
  switch (command.kind) {
    case 'query':
      return (await stack.db.query(command.sql)).rows
    case 'exec':
      await stack.db.exec(command.sql)
      return null
    case 'seedDemo':
      await seedDemoOnStack(stack.db, command.volume)
      return null
    case 'rss':
      // Worker threads (PGlite, bcrypt) share the process: this is the whole server.
      return process.memoryUsage().rss / 2 ** 20
    case 'close':
      await stack.close()
      setImmediate(() => process.exit(0))
      return null
  }
}

process.on('message', (message: { id: number; command: ChildCommand }) => {
  answer(message.command).then(
    (result) => process.send!({ id: message.id, result }),
    (error: unknown) => process.send!({ id: message.id, error: String(error instanceof Error ? error.message : error) }),
  )
})
process.send!({ ready: { url: stack.url, anonKey: stack.anonKey, serviceRoleKey: stack.serviceRoleKey } })
