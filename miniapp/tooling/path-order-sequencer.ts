import { relative } from 'node:path'

import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Runs test files in the order of their paths, every time and on every machine. Vitest's own order
 * puts files that failed or took long last time first, from a cache each checkout keeps for itself;
 * in a project whose files share a worker (`isolate: false`), that would make what a file inherits
 * from the files before it differ from one run to the next. In path order, a file that depends on
 * the files before it fails every time, where its author sees it, never now and then.
 */
export class PathOrderSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const key = (spec: TestSpecification) => [spec.project.config.sequence.groupOrder, spec.project.name, relative(spec.project.config.root, spec.moduleId)] as const
    return Promise.resolve(
      [...files].sort((a, b) => {
        const [orderA, projectA, pathA] = key(a)
        const [orderB, projectB, pathB] = key(b)
        return orderA - orderB || projectA.localeCompare(projectB) || pathA.localeCompare(pathB)
      }),
    )
  }
}
