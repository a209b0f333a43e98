import Foundation

/// The stack each worker thread gets. Syntax trees are walked recursively (by catalint and by
/// swift-syntax), and the default stack of a secondary thread (512 KiB on macOS) is too small for
/// the deepest trees catalint accepts; untouched stack pages cost no memory.
let workerStackSize = 256 << 20

/// A limit on the time one item may take, and the result an item gets when it takes longer.
struct TimeBudget<Item, Result>: Sendable where Item: Sendable, Result: Sendable {
    var seconds: Double
    var result: @Sendable (Item) -> Result
}

/// Maps `items` on `jobs` threads of their own; the results keep the order of `items`, so what
/// follows never depends on scheduling.
///
/// With `largestFirst`, the largest items are handed out first, so that the last item started is a
/// small one and no thread is left working alone at the end. With a `budget`, an item that takes
/// longer gets `budget.result` instead, a new thread takes over the rest, and the thread still busy
/// with it is abandoned: its result is dropped, and it ends with the process. (Nothing can
/// interrupt swift-syntax's parser from outside; this keeps a run to bounded time all the same.)
func parallelMap<Item: Sendable, Result: Sendable>(_ items: [Item], jobs: Int, largestFirst size: ((Item) -> Int)? = nil,
                                                  budget: TimeBudget<Item, Result>? = nil,
                                                  _ transform: @escaping @Sendable (Item) -> Result) -> [Result] {
    guard !items.isEmpty else { return [] }
    let workers = max(1, min(jobs, items.count))
    let order = size.map { size in items.indices.sorted { (size(items[$0]), $1) > (size(items[$1]), $0) } }
    let slots = ResultSlots<Result>(count: items.count, order: order)
    func startWorker() {
        let thread = Thread {
            let worker = slots.newWorker()
            while let index = slots.claimNext(by: worker) {
                let result = transform(items[index])
                // A worker whose item ran out of time does not store it, and takes nothing more.
                guard slots.store(result, at: index, by: worker) else { return }
            }
        }
        thread.stackSize = workerStackSize
        thread.start()
    }
    for _ in 0..<workers { startWorker() }
    if let budget {
        while !slots.waitUntilFilled(timeout: min(0.1, budget.seconds)) {
            for index in slots.overdue(after: budget.seconds) {
                if slots.expire(index, with: budget.result(items[index])) { startWorker() }
            }
        }
    } else {
        _ = slots.waitUntilFilled(timeout: nil)
    }
    return slots.values()
}

/// The slots `parallelMap` fills, the counter that hands out the next item, and which worker is on
/// which item since when; guarded by a lock.
private final class ResultSlots<Result>: @unchecked Sendable {
    private var slots: [Result?]
    private var filled = 0
    private var next = 0
    /// The order items are handed out in, as indices; nil for their own order.
    private let order: [Int]?
    private var workers = 0
    /// Worker -> the item it is on, and when it started.
    private var running: [Int: (index: Int, started: Date)] = [:]
    private var abandoned: Set<Int> = []
    /// Guards the fields above; `waitUntilFilled` sleeps on it.
    private let lock = Locked()

    init(count: Int, order: [Int]?) {
        slots = Array(repeating: nil, count: count)
        self.order = order
    }

    func newWorker() -> Int {
        lock.withLock {
            workers += 1
            return workers
        }
    }

    func claimNext(by worker: Int) -> Int? {
        lock.withLock {
            guard next < slots.count, !abandoned.contains(worker) else {
                running[worker] = nil
                return nil
            }
            next += 1
            let index = order?[next - 1] ?? next - 1
            running[worker] = (index, Date())
            return index
        }
    }

    /// Stores a worker's result; false when the worker was abandoned (its item ran out of time).
    func store(_ result: Result, at index: Int, by worker: Int) -> Bool {
        lock.withLock {
            guard !abandoned.contains(worker) else { return false }
            running[worker] = nil
            if slots[index] == nil {
                slots[index] = result
                filled += 1
                lock.wakeWaiters()
            }
            return true
        }
    }

    /// The items a worker has been on for longer than `seconds`.
    func overdue(after seconds: Double) -> [Int] {
        lock.withLock {
            let now = Date()
            return running.values.filter { now.timeIntervalSince($0.started) > seconds }.map(\.index).sorted()
        }
    }

    /// Gives an overdue item its time-out result and abandons its worker; true when a new worker is
    /// needed to take its place.
    func expire(_ index: Int, with result: Result) -> Bool {
        lock.withLock {
            guard slots[index] == nil, let worker = running.first(where: { $0.value.index == index })?.key else { return false }
            slots[index] = result
            filled += 1
            abandoned.insert(worker)
            running[worker] = nil
            lock.wakeWaiters()
            return next < slots.count
        }
    }

    /// Waits until every slot is filled, or `timeout` passes; true when they are all filled.
    func waitUntilFilled(timeout: Double?) -> Bool {
        lock.wait(until: timeout.map { Date().addingTimeInterval($0) }) { _ in filled == slots.count }
    }

    func values() -> [Result] {
        lock.withLock { slots.map { $0! } }
    }
}

/// A value worked out on another thread from the moment it is made, and waited for when first asked:
/// for work the run will need that nothing before it depends on (the last run's project index,
/// decoded while the files' states are compared).
final class Prefetched<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchGroup()
    private var result: Value?

    init(_ work: @escaping @Sendable () -> Value) {
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async {
            self.result = work()
            self.done.leave()
        }
    }

    var value: Value {
        done.wait()
        return result!
    }
}
