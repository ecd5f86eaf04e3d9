import type { TestProject } from 'vitest/node'
import { buildTemplate, dropTemplate, type Template } from './template.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    spaTemplate: Template
  }
}

export default async function setup(project: TestProject) {
  const template = await buildTemplate(process.env.SPA_TEST_DATABASE_URL || undefined)
  project.provide('spaTemplate', template)
  return async () => {
    await dropTemplate(template)
  }
}
