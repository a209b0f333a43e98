import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A run of the built binary that may be stopped: how it ended, what it printed, how long it took.
struct TimedRun {
    var status: Int32
    /// Ended by a signal (`status` is then the signal).
    var signaled: Bool
    /// Killed by the test after `timeout` seconds.
    var timedOut: Bool
    var stdout: String
    var stderr: String
    var seconds: Double
}

/// Runs `executable` (the built catalint unless said) in `directory`, killing it after `timeout`
/// seconds, so that a test of a defect that hung fails instead of hanging the suite. `stdin` is
/// written to its standard input when given. `whilst` is called every millisecond while it runs,
/// with the process, and may end it.
func runBounded(_ arguments: [String], in directory: URL, timeout: Double = 60, executable: URL = catalintBinary,
                stdin: Data? = nil, whilst: ((Process) -> Void)? = nil) throws -> TimedRun {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("catalint-out-\(UUID().uuidString)")
    let err = FileManager.default.temporaryDirectory.appendingPathComponent("catalint-err-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    defer {
        try? FileManager.default.removeItem(at: out)
        try? FileManager.default.removeItem(at: err)
    }
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    let input = Pipe()
    process.standardInput = stdin == nil ? FileHandle.nullDevice : input
    let start = Date()
    try process.run()
    if let stdin {
        input.fileHandleForWriting.write(stdin)
        try? input.fileHandleForWriting.close()
    }
    var timedOut = false
    while process.isRunning {
        if Date().timeIntervalSince(start) > timeout {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            break
        }
        whilst?(process)
        usleep(1000)
    }
    process.waitUntilExit()
    return TimedRun(status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal, timedOut: timedOut,
                    stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "", stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "",
                    seconds: Date().timeIntervalSince(start))
}

/// Runs catalint as a user that file permissions apply to. Root ignores them: as root, the run is
/// made as `nobody` through setpriv (util-linux); where that cannot be done the test is skipped,
/// saying so. The folder must be readable by others (temporary folders are, 0755).
func runWithPermissions(_ arguments: [String], in directory: URL, timeout: Double = 60) throws -> TimedRun {
    if getuid() != 0 { return try runBounded(arguments, in: directory, timeout: timeout) }
    let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
    guard FileManager.default.isExecutableFile(atPath: setpriv.path) else {
        throw XCTSkip("running as root, which ignores file permissions, and setpriv(1) is missing to run as another user")
    }
    return try runBounded(["--reuid=65534", "--regid=65534", "--clear-groups", catalintBinary.path] + arguments, in: directory,
                          timeout: timeout, executable: setpriv)
}

/// The lines of an `xcode` report as `path:line:column rule`.
func findingLines(_ stdout: String) -> [String] {
    stdout.split(separator: "\n").map { line in
        let parts = line.split(separator: ":", maxSplits: 3)
        let rule = line.split(separator: "[").last.map { String($0.dropLast()) } ?? ""
        return parts.prefix(3).joined(separator: ":") + " " + rule
    }
}

/// The file type bits of a path, without following a link.
func fileType(_ path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & S_IFMT
}

/// Creates a file whose name is these bytes (which need not be UTF-8) in `directory`.
func createFile(named name: [UInt8], in directory: URL, contents: String) throws {
    let path = Array(directory.path.utf8) + [UInt8(ascii: "/")] + name + [0]
    let descriptor = path.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
    }
    guard descriptor >= 0 else { throw XCTSkip("this file system refuses a file name that is not UTF-8") }
    defer { close(descriptor) }
    let bytes = Array(contents.utf8)
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
}
