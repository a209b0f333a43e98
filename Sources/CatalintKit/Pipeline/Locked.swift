import Foundation

/// State that several threads share, behind a lock: the only way to the state is `withLock`,
/// which holds the lock for the length of the closure, so no path can forget to take it or to
/// give it back. A thread can also sleep until the state is as it needs (`wait`); whoever changes
/// what it waits for calls `wakeWaiters`.
///
/// This is the kit's one lock (the server uses it too). `Synchronization.Mutex` would do the same
/// but needs macOS 15; this one is an `NSCondition`, a mutex and a condition variable.
///
/// `Locked<Void>` (`Locked()`) guards fields its owner keeps itself, for an owner whose methods hold
/// the lock across several helpers that read and write those fields.
package final class Locked<State>: @unchecked Sendable {
    private var state: State
    private let condition = NSCondition()

    package init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with the state, the lock held.
    package func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        condition.lock()
        defer { condition.unlock() }
        return try body(&state)
    }

    /// Sleeps until `isDone` holds of the state, or `deadline` passes (never, when nil); true when
    /// it holds. The lock is free while sleeping and held while `isDone` reads the state.
    package func wait(until deadline: Date?, for isDone: (State) -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !isDone(state) {
            if let deadline {
                if !condition.wait(until: deadline) { return isDone(state) }
            } else {
                condition.wait()
            }
        }
        return true
    }

    /// Wakes the threads in `wait`, after a change they may be waiting for.
    package func wakeWaiters() {
        condition.broadcast()
    }
}

extension Locked where State == Void {
    package convenience init() {
        self.init(())
    }

    /// Runs `body` with the lock held.
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try withLock { (_: inout Void) throws(Failure) -> Result in try body() }
    }
}
