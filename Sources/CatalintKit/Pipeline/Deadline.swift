import Dispatch

/// When the work on one file must stop: `seconds_per_file` after it started.
///
/// Every walk over a file (the index, the facts, the guards, an interface file's nodes) asks
/// `expired` as it goes and stops when it is true, so a file past its budget stops using CPU and
/// memory within a few statements, on whichever path it is processed (linted, read only for the
/// project index, in the language server, re-linted after a fix). Only swift-syntax's parser and
/// operator folding cannot be asked; the limits on size, nesting and operator chains bound them
/// (docs/configuration.md, "Limits"). A deadline belongs to the thread that works on the file.
final class Deadline: @unchecked Sendable {
    /// The uptime, in nanoseconds, at which the work stops.
    private let end: UInt64
    /// Asks left before the clock is read again: reading it costs more than most steps of a walk.
    private var countdown = 0
    private var passed = false
    /// For tests: the deadline passes at this many asks, whatever the clock says.
    private var asksLeft: Int?

    /// A deadline `seconds` from now.
    init(seconds: Double) {
        guard seconds.isFinite, seconds < 1e9 else {
            end = .max
            return
        }
        end = DispatchTime.now().uptimeNanoseconds &+ UInt64(max(0, seconds) * 1e9)
    }

    /// A deadline that passes at the `asks`-th time `expired` is asked (deterministic, for tests).
    init(afterAsks asks: Int) {
        end = .max
        asksLeft = max(0, asks)
    }

    /// No deadline: the work runs to its end.
    static var none: Deadline { Deadline(seconds: .infinity) }

    /// True once the deadline has passed; from then on, always true.
    var expired: Bool {
        if passed { return true }
        if var left = asksLeft {
            left -= 1
            asksLeft = left
            if left <= 0 { passed = true }
            return passed
        }
        if end == .max { return false }
        countdown -= 1
        guard countdown <= 0 else { return false }
        countdown = 64
        if DispatchTime.now().uptimeNanoseconds >= end { passed = true }
        return passed
    }

    /// True when the deadline passed at the last ask (without asking again).
    var hasExpired: Bool { passed }
}
