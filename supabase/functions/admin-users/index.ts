// Hosted entry point (Deno). The logic lives in handler.ts, which the embedded stack also runs.
import { createHandler } from './handler.ts'

Deno.serve(createHandler(Deno.env.toObject()))
