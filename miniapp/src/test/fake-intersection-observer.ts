/**
 * A stand-in `IntersectionObserver` a test drives (`vi.stubGlobal('IntersectionObserver', FakeObserver)`):
 * each instance records what it observes and with which options, and reports intersections on demand.
 */
export class FakeObserver {
  static instances: FakeObserver[] = []
  readonly observed = new Set<Element>()
  constructor(
    readonly report: (entries: Partial<IntersectionObserverEntry>[]) => void,
    readonly options: IntersectionObserverInit & { scrollMargin?: string } = {},
  ) {
    FakeObserver.instances.push(this)
  }
  observe(element: Element) {
    this.observed.add(element)
  }
  unobserve(element: Element) {
    this.observed.delete(element)
  }
  disconnect() {
    this.observed.clear()
  }
}
