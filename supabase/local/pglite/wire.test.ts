import { describe, expect, it } from 'vitest'
import { readPipeline, type BackendMessage, type PipelineShape } from './wire.ts'

const m = (name: string, extra: Partial<BackendMessage> = {}): BackendMessage => ({ name, ...extra })
const row = (...fields: string[]) => m('dataRow', { fields })
// Settings statement (returns the claims) then the request's statement, both parsed.
const shape: PipelineShape = { closes: 0, parses: 2, statements: 2, endStatus: 'I' }
const settings = [m('parseComplete'), m('bindComplete'), row('{"sub":"yo"}'), m('commandComplete')]

describe('readPipeline', () => {
  it("returns the last statement's row", () => {
    const messages = [...settings, m('parseComplete'), m('bindComplete'), row('filas'), m('commandComplete'), m('readyForQuery', { status: 'I' })]
    expect(readPipeline(messages, shape)).toEqual({ kind: 'row', row: ['filas'], parsed: 2 })
  })

  it('never hands the settings row to a request whose statement did not complete', () => {
    const messages = [...settings, m('parseComplete'), m('bindComplete'), m('readyForQuery', { status: 'I' })]
    expect(readPipeline(messages, shape).kind).toBe('out-of-step')
  })

  it('an answer with rows of another pipeline (two ReadyForQuery) is out of step', () => {
    const messages = [...settings, m('parseComplete'), m('bindComplete'), row('mía'), m('commandComplete'), m('readyForQuery', { status: 'I' }), m('bindComplete'), row('ajena'), m('commandComplete'), m('readyForQuery', { status: 'I' })]
    expect(readPipeline(messages, shape).kind).toBe('out-of-step')
  })

  it('an error is the answer, and how many statements got parsed before it', () => {
    const error = m('error', { code: '22012', message: 'division by zero' })
    const messages = [...settings, m('parseComplete'), m('bindComplete'), error, m('readyForQuery', { status: 'I' })]
    expect(readPipeline(messages, shape)).toEqual({ kind: 'error', error, parsed: 2 })
  })

  it('rows after an error, or a transaction left open when none should be, are out of step', () => {
    const error = m('error', { code: '22012', message: 'division by zero' })
    expect(readPipeline([...settings, error, row('x'), m('readyForQuery', { status: 'I' })], shape).kind).toBe('out-of-step')
    const open = [...settings, m('parseComplete'), m('bindComplete'), row('filas'), m('commandComplete'), m('readyForQuery', { status: 'T' })]
    expect(readPipeline(open, shape).kind).toBe('out-of-step')
    expect(readPipeline(open, { ...shape, endStatus: 'T' }).kind).toBe('row')
  })

  it('an answer missing its ReadyForQuery (the backend stopped mid-way) is out of step', () => {
    expect(readPipeline(settings, shape).kind).toBe('out-of-step')
    expect(readPipeline([], shape).kind).toBe('out-of-step')
  })
})
