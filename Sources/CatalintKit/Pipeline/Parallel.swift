import Foundation

/// The stack each worker thread gets. Syntax trees are walked recursively (by catalint and by
/// swift-syntax), and the default stack of a secondary thread (512 KiB on macOS) is too small for
/// the deepest trees catalint accepts; untouched stack pages cost no memory.
let workerStackSize = 256 << 20

/// Maps `items` on `jobs` threads of their own; the results keep the order of `items`, so what
/// follows never depends on scheduling.
func parallelMap<Item: Sendable, Result: Sendable>(_ items: [Item], jobs: Int, largestFirst size: ((Item) -> Int)? = nil,
                                                  _ transform: @escaping @Sendable (Item) -> Result) -> [Result] {
    guard !items.isEmpty else { return [] }
    let workers = max(1, min(jobs, items.count))
    // Hand out the largest items first, so that the last item started is a small one and no thread
    // is left working alone at the end; the results keep the order of `items` all the same.
    let order = size.map { size in items.indices.sorted { (size(items[$0]), $1) > (size(items[$1]), $0) } }
    let results = ResultSlots<Result>(count: items.count, order: order)
    let finished = DispatchGroup()
    for _ in 0..<workers {
        finished.enter()
        let thread = Thread {
            while let index = results.claimNext() {
                results.store(transform(items[index]), at: index)
            }
            finished.leave()
        }
        thread.stackSize = workerStackSize
        thread.start()
    }
    finished.wait()
    return results.values()
}

/// The slots `parallelMap` fills, and the counter that hands out the next item; guarded by a lock.
private final class ResultSlots<Result>: @unchecked Sendable {
    private var slots: [Result?]
    private var next = 0
    private let lock = NSLock()

    /// The order items are handed out in, as indices; nil for their own order.
    private let order: [Int]?

    init(count: Int, order: [Int]?) {
        slots = Array(repeating: nil, count: count)
        self.order = order
    }

    func claimNext() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < slots.count else { return nil }
        next += 1
        return order?[next - 1] ?? next - 1
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
