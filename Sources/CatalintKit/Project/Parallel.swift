import Dispatch
import Foundation

/// Maps `items` on up to `jobs` threads; the results keep the order of `items`, so what follows
/// never depends on scheduling.
func parallelMap<Item: Sendable, Result: Sendable>(_ items: [Item], jobs: Int, _ transform: @Sendable (Item) -> Result) -> [Result] {
    let workers = max(1, min(jobs, items.count))
    if workers == 1 { return items.map(transform) }
    let results = ResultSlots<Result>(count: items.count)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while let index = results.claimNext() {
            results.store(transform(items[index]), at: index)
        }
    }
    return results.values()
}

/// The slots `parallelMap` fills, and the counter that hands out the next item; guarded by a lock.
private final class ResultSlots<Result>: @unchecked Sendable {
    private var slots: [Result?]
    private var next = 0
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func claimNext() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < slots.count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ result: Result, at index: Int) {
        lock.lock()
        slots[index] = result
        lock.unlock()
    }

    func values() -> [Result] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}
