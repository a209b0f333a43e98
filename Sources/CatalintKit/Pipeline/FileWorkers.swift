import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Worker processes that run `FileJob`, so that a file past its budget can be stopped whatever it
/// is doing. Every walk of catalint's own asks its `Deadline`, but swift-syntax's parser cannot be
/// asked, and some inputs make it take time exponential in their size (`[[[[...` forty levels deep
/// takes minutes; nesting limits real code stays under cannot tell them apart). Within one process
/// a thread cannot be stopped from outside: it would run on until the process ends, which for the
/// language server is never. A worker process can: past the budget (and half `FileProcessor.grace`),
/// it is killed, which frees its CPU and memory at once, and a new one takes its place.
///
/// A worker is catalint's own executable started with `FileWorkers.argument`; it reads the
/// lowering settings once, then files (path, kind, text) one at a time on standard input, and
/// writes back each file's `FileOutput` in the cache's binary form. The command line and the
/// language server send a worker the files whose nesting can make the parser's time unbounded
/// (`SwiftSourceFile.needsIsolation`); every other file, whose parse time grows with its size
/// alone, stays on a thread of its own process, where passing the data costs nothing. The library
/// alone (tests, embedders) runs every file on threads.
public final class FileWorkers: @unchecked Sendable {
    /// The argument that starts catalint as a worker.
    public static let argument = "__file-worker"

    /// What a worker needs to process files the way the run does.
    struct Settings: Codable, Sendable {
        var vocabulary: LoweringVocabulary
        var fileSize: Int
        var nesting: Int
        var operatorChain: Int
        var secondsPerFile: Double
        var swiftVersion: String
        /// How Objective-C files are parsed, and the libclang that parses them.
        var objc: ObjCEnvironment.Portable?

        var limits: FileLimits {
            var limits = FileLimits()
            limits.fileSize = fileSize
            limits.nesting = nesting
            limits.operatorChain = operatorChain
            limits.secondsPerFile = secondsPerFile
            return limits
        }
    }

    private let executable: String
    private let lowering: Settings
    /// `lowering` encoded for the workers, when the first starts: most runs start none (5% of a
    /// small run's instructions went to encoding it).
    private let encoded = Locked<Data?>(nil)
    private let seconds: Double
    private let idle = Locked<[Worker]>([])

    /// Workers of `executable` for files lowered with these settings.
    init(executable: String, vocabulary: LoweringVocabulary, limits: FileLimits, swiftVersion: SwiftVersion, objc: ObjCEnvironment? = nil) {
        self.executable = executable
        self.seconds = limits.secondsPerFile
        let settings = Settings(vocabulary: vocabulary, fileSize: limits.fileSize, nesting: limits.nesting, operatorChain: limits.operatorChain,
                                secondsPerFile: limits.secondsPerFile, swiftVersion: swiftVersion.description, objc: objc?.portable)
        lowering = settings
    }

    /// What a worker is sent first: the settings it lowers files with.
    private var settings: Data {
        encoded.withLock { data in
            if let data { return data }
            let made = (try? JSONEncoder().encode(lowering)) ?? Data()
            data = made
            return made
        }
    }

    deinit {
        stopAll()
    }

    /// Stops the idle workers (those at work stop when they are done and find no more work, or at
    /// the end of the process); a later file starts new ones.
    func stopAll() {
        let stopping = idle.withLock { idle in
            defer { idle = [] }
            return idle
        }
        for worker in stopping { worker.stop() }
    }

    /// What a worker makes of a file, or nil when no worker could be started (the caller then
    /// processes the file itself). A worker that outlasts the budget by `grace` seconds is killed,
    /// and the file gets `FileProcessor.pastTime`; one that dies gets `file-skipped` saying so.
    func output(for input: SourceInput, grace: Double) -> FileOutput? {
        guard let worker = take() else { return nil }
        let request = BinaryWriter()
        request.write(input.path)
        request.write(input.kind.code)
        request.write(input.languageMode.rawValue)
        switch input.contents {
        case .success(let text): request.write(true); request.write(text)
        case .failure(let failure): request.write(false); request.write(failure.reason)
        }
        let answer = worker.ask(request.finished(), within: seconds + grace)
        switch answer {
        case .answered(let bytes):
            give(worker)
            guard let output = try? BinaryCoder.decode(FileOutput.self, from: bytes[...]) else {
                return Self.failed(input.path, "its worker answered with something that is not a file's results")
            }
            return output
        case .late:
            worker.stop()
            return FileProcessor.pastTime(input.path, limits: Settings.limits(seconds))
        case .died(let how):
            worker.stop()
            return Self.failed(input.path, "the worker reading it \(how)")
        }
    }

    private static func failed(_ path: String, _ reason: String) -> FileOutput {
        var output = FileOutput(path: path)
        output.problems = [.skipped(path, reason: reason + " (please report this)", limit: "seconds_per_file")]
        return output
    }

    private func take() -> Worker? {
        idle.withLock { $0.popLast() } ?? Worker.start(executable, settings: settings)
    }

    private func give(_ worker: Worker) {
        idle.withLock { $0.append(worker) }
    }

    /// The executable of this process, when it can be started as a worker.
    static var ownExecutable: String? {
        guard let path = Bundle.main.executablePath, FileManager.default.isExecutableFile(atPath: path) else { return nil }
        return path
    }

    // MARK: The worker's side

    /// Serves files on standard input until it ends, then ends the process.
    public static func serve() -> Never {
        signal(SIGPIPE, SIG_IGN)
        // On a thread with the stack the deepest trees need, as the run's own threads have; the
        // process ends when it does.
        let thread = Thread { exit(serveOnThisThread()) }
        thread.stackSize = workerStackSize
        thread.start()
        while true { sleep(60) }
    }

    private static func serveOnThisThread() -> Int32 {
        guard let settingsFrame = Frame.read(from: STDIN_FILENO),
              let settings = try? JSONDecoder().decode(Settings.self, from: Data(settingsFrame)),
              let swiftVersion = SwiftVersion(settings.swiftVersion) else { return 2 }
        let limits = settings.limits
        let objc = settings.objc.map(ObjCEnvironment.init(portable:))
        while let request = Frame.read(from: STDIN_FILENO) {
            guard let reader = try? BinaryReader(request),
                  let path = try? reader.readString(), let code = try? reader.readInt(), let kind = InputKind(code: code),
                  let modeCode = try? reader.readInt(), let mode = LanguageMode(rawValue: modeCode),
                  let hasText = try? reader.readBool(), let body = try? reader.readString() else { return 2 }
            let contents: Result<String, ReadFailure> = hasText ? .success(body) : .failure(ReadFailure(reason: body))
            let deadline = Deadline(seconds: limits.secondsPerFile)
            var output = FileJob.run(SourceInput(path: path, kind: kind, contents: contents, languageMode: mode), vocabulary: settings.vocabulary,
                                     limits: limits, swiftVersion: swiftVersion, deadline: deadline, objc: objc)
            if deadline.hasExpired { output = FileProcessor.pastTime(path, limits: limits) }
            guard Frame.write(BinaryCoder.encode(output), to: STDOUT_FILENO) else { return 0 }
        }
        return 0
    }
}

extension FileWorkers.Settings {
    /// Limits whose time is `seconds`, for the message of a file past it.
    static func limits(_ seconds: Double) -> FileLimits {
        var limits = FileLimits()
        limits.secondsPerFile = seconds
        return limits
    }
}

/// One worker process and the pipes to it, started and reaped with the system's calls: Foundation's
/// `Process` waits for its children on a run loop, which can wait forever for one that was killed.
private final class Worker {
    enum Answer {
        case answered([UInt8])
        case late
        case died(String)
    }

    private let pid: pid_t
    private let requests: Int32
    private let answers: Int32
    private var reaped = false
    private var status: Int32 = 0

    private init(pid: pid_t, requests: Int32, answers: Int32) {
        self.pid = pid
        self.requests = requests
        self.answers = answers
    }

    /// Held from making a worker's pipes until it is started, so that no other worker started at
    /// the same time inherits them (they close on exec, set right after they are made).
    private static let spawning = Locked()

    static func start(_ executable: String, settings: Data) -> Worker? {
        spawning.withLock { spawn(executable, settings: settings) }
    }

    private static func spawn(_ executable: String, settings: Data) -> Worker? {
        // Both pipes close on exec, so no worker holds another's: the child gets its ends as 0 and 1.
        guard let toWorker = makePipe() else { return nil }
        guard let fromWorker = makePipe() else {
            close(toWorker.read); close(toWorker.write)
            return nil
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toWorker.read, 0)
        posix_spawn_file_actions_adddup2(&actions, fromWorker.write, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid = pid_t()
        let arguments = [executable, FileWorkers.argument]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(toWorker.read)
        close(fromWorker.write)
        guard spawned == 0 else {
            close(toWorker.write); close(fromWorker.read)
            return nil
        }
        let worker = Worker(pid: pid, requests: toWorker.write, answers: fromWorker.read)
        guard worker.send(Array(settings)) else {
            worker.stop()
            return nil
        }
        return worker
    }

    private static func makePipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Writes a frame; a worker that has died makes the write fail (EPIPE), never kill this process.
    private func send(_ bytes: [UInt8]) -> Bool {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        return Frame.write(bytes, to: requests)
    }

    /// Sends a request and waits `seconds` at most for its answer.
    func ask(_ request: [UInt8], within seconds: Double) -> Answer {
        guard send(request) else { return .died(exitDescription()) }
        switch Frame.read(from: answers, until: Date().addingTimeInterval(seconds)) {
        case .frame(let bytes): return .answered(bytes)
        case .timedOut: return .late
        case .ended: return .died(exitDescription())
        }
    }

    private func exitDescription() -> String {
        stop()
        if status & 0x7F != 0 { return "stopped with signal \(status & 0x7F)" }
        return "ended with status \((status >> 8) & 0xFF)"
    }

    /// Kills the process (a worker holds nothing that needs saving) and reaps it.
    func stop() {
        guard !reaped else { return }
        reaped = true
        kill(pid, SIGKILL)
        close(requests)
        close(answers)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}

/// Frames on a pipe: a length of 8 bytes (little-endian), then that many bytes.
enum Frame {
    /// The most a frame may hold: more than any file's results, far less than memory.
    static let largest = 1 << 31

    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var length = UInt64(bytes.count).littleEndian
        let head = withUnsafeBytes(of: &length) { Array($0) }
        return writeAll(head, to: descriptor) && writeAll(bytes, to: descriptor)
    }

    /// A frame, or nil at the end of the input (or a malformed length).
    static func read(from descriptor: Int32) -> [UInt8]? {
        if case .frame(let bytes) = read(from: descriptor, until: nil) { return bytes }
        return nil
    }

    enum Reading {
        case frame([UInt8])
        case timedOut
        case ended
    }

    static func read(from descriptor: Int32, until deadline: Date?) -> Reading {
        var head: [UInt8] = []
        switch readExactly(8, from: descriptor, until: deadline, into: &head) {
        case .timedOut: return .timedOut
        case .ended: return .ended
        case .frame: break
        }
        let length = head.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard length <= UInt64(largest) else { return .ended }
        var body: [UInt8] = []
        return readExactly(Int(length), from: descriptor, until: deadline, into: &body) == .frame([]) ? .frame(body) : .ended
    }

    private static func readExactly(_ count: Int, from descriptor: Int32, until deadline: Date?, into bytes: inout [UInt8]) -> Reading {
        bytes.reserveCapacity(count)
        var chunk = [UInt8](repeating: 0, count: min(max(count, 1), 1 << 16))
        while bytes.count < count {
            if let deadline {
                let milliseconds = Int32(max(0, min(deadline.timeIntervalSinceNow * 1000, 1e9)))
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, milliseconds)
                if ready < 0 && errno == EINTR { continue }
                if ready == 0 { return .timedOut }
            }
            let wanted = min(chunk.count, count - bytes.count)
            let got = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, wanted) }
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { return .ended }
            bytes += chunk[0..<got]
        }
        return .frame([])
    }
}

extension Frame.Reading: Equatable {}

/// `read(2)`, named apart from `Frame`'s own.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(descriptor, buffer, count) }

extension InputKind {
    /// A number for each kind, for the workers' requests.
    var code: Int {
        switch self {
        case .swift: return 0
        case .interfaceDescription: return 1
        case .interfaceBuilder: return 2
        case .objectiveC: return 3
        case .propertyList: return 4
        }
    }

    init?(code: Int) {
        switch code {
        case 0: self = .swift
        case 1: self = .interfaceDescription
        case 2: self = .interfaceBuilder
        case 3: self = .objectiveC
        case 4: self = .propertyList
        default: return nil
        }
    }
}
