import CatalintKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `catalint server`: a Language Server Protocol 3.17 server over standard input and output.
///
/// Messages are read and handled one at a time on the thread that calls `run`: handling one only
/// updates the open documents and schedules work, so the server always answers promptly. Linting
/// happens on one worker queue, which also owns the projects (`Projects`). Edits are coalesced: a
/// document waits in `pending` once, however many edits arrive, and its lint takes the newest text;
/// a result for a version that is no longer the newest is dropped.
///
/// Adding a request (`textDocument/codeAction` for quick fixes, say) is a case in
/// `handleRequest` and a capability in `ServerCapabilities`; `LintedDocument` keeps each
/// diagnostic of the document's newest lint with the range it covers, which is where it starts.
public final class LanguageServer: @unchecked Sendable {
    let connection: Connection
    private let worker = DispatchQueue(label: "catalint.server.lint", qos: .userInitiated)
    private let state = Locked(ServerState())
    /// Used on `worker` only.
    private let projects: Projects
    /// Used on `worker` only: the configuration files whose problems were pushed.
    private var brokenConfigurations: Set<String> = []

    // The reading thread's own state.
    private var framer = MessageFramer()
    private var phase = Phase.waitingForInitialize
    /// Set once by `initialize`, before any work reaches the worker.
    private var client = ClientCapabilities()
    /// Set by `exit` (or the end of the input): the status to exit with.
    private(set) var exitStatus: Int32?

    private enum Phase {
        case waitingForInitialize
        case running
        case shutDown
    }

    /// A server that writes its frames with `output` and logs with `log` (standard error).
    public init(output: @escaping @Sendable (Data) -> Void = LanguageServer.writeToStandardOutput,
                log: @escaping @Sendable (String) -> Void = LanguageServer.logToStandardError,
                jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        connection = Connection(output: output, log: log)
        projects = Projects(jobs: jobs, log: log)
        projects.built = { [weak self] project in self?.projectBuilt(project) }
    }

    /// Serves the client on standard input until `exit` or the end of the input; returns the exit
    /// status: 0 after `shutdown`, else 1.
    public func run(input: Int32 = STDIN_FILENO) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while exitStatus == nil {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                log("the input ended" + (phase == .shutDown ? "" : " without shutdown and exit"))
                break
            }
            receive(buffer[0..<count])
        }
        return exitStatus ?? (phase == .shutDown ? 0 : 1)
    }

    /// Handles bytes as they were read: any number of messages, or parts of them.
    func receive<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        framer.append(bytes)
        while exitStatus == nil, let event = framer.next() {
            switch event {
            case .garbage(let reason):
                log("skipped \(reason)")
                connection.respond(to: nil, error: ResponseError(ErrorCode.parseError, "Not a message: \(reason)."))
            case .body(let body):
                handle(body: body)
            }
        }
    }

    private func handle(body: Data) {
        let json: JSON
        do {
            json = try JSON.parse(body)
        } catch {
            var reason = "the body of \(body.count) bytes is not JSON (\(error))"
            if let offset = MessageFramer.embeddedHeader(in: body) {
                // Most likely a Content-Length larger than the body: the next message starts inside it.
                framer.giveBack(body.dropFirst(offset))
                reason += " (it holds the header of another message at byte \(offset): was its Content-Length too large?)"
            }
            log(reason)
            connection.respond(to: nil, error: ResponseError(ErrorCode.parseError, "Parse error: \(reason)."))
            return
        }
        switch IncomingMessage.read(json) {
        case .failure(let invalid):
            log("invalid message: \(invalid.reason)")
            connection.respond(to: invalid.id, error: ResponseError(ErrorCode.invalidRequest, "Invalid request: \(invalid.reason)."))
        case .success(.request(let id, let method, let params)):
            do {
                try handleRequest(id: id, method: method, params: params)
            } catch {
                log("\(method) (\(id)): \(error.message)")
                connection.respond(to: id, error: error)
            }
        case .success(.notification(let method, let params)):
            do {
                try handleNotification(method: method, params: params)
            } catch {
                log("\(method): \(error.message); ignored")
            }
        case .success(.response(let id, let result, let error)):
            connection.received(response: id, result: result, error: error)
        }
    }

    // MARK: Requests

    private static let requestMethods: Set<String> = ["initialize", "shutdown", "textDocument/hover", "textDocument/diagnostic",
                                                      "textDocument/codeAction"]

    private func handleRequest(id: RequestID, method: String, params: JSON) throws(ResponseError) {
        switch phase {
        case .waitingForInitialize where method != "initialize":
            throw ResponseError(ErrorCode.serverNotInitialized, "The server is not initialized: send initialize first.")
        case .shutDown:
            throw ResponseError(ErrorCode.invalidRequest, "The server is shut down: only exit is accepted.")
        default:
            break
        }
        switch method {
        case "initialize":
            connection.respond(to: id, result: try initialize(params))
        case "shutdown":
            phase = .shutDown
            connection.respond(to: id, result: .null)
        case "textDocument/diagnostic":
            try answerWhenLinted(id: id, params: params, question: .diagnostics(previousResultID: params["previousResultId"]?.stringValue))
        case "textDocument/hover":
            guard let position = LSPPosition(params["position"]) else { throw .invalidParams("textDocument/hover needs a \"position\".") }
            try answerWhenLinted(id: id, params: params, question: .hover(position))
        case "textDocument/codeAction":
            guard let range = LSPRange(params["range"]) else { throw .invalidParams("textDocument/codeAction needs a \"range\".") }
            let only = params["context"]?["only"]?.arrayValue?.compactMap(\.stringValue)
            try answerWhenLinted(id: id, params: params, question: .codeActions(range, only: only))
        default:
            throw ResponseError(ErrorCode.methodNotFound, "Unknown method \(method).")
        }
    }

    private func initialize(_ params: JSON) throws(ResponseError) -> JSON {
        guard phase == .waitingForInitialize else { throw ResponseError(ErrorCode.invalidRequest, "The server is initialized already.") }
        guard params.objectValue != nil else { throw .invalidParams("initialize needs its parameters (an object).") }
        client = ClientCapabilities(params["capabilities"])
        var folders: [String] = []
        if let list = params["workspaceFolders"]?.arrayValue {
            folders = list.compactMap { $0["uri"]?.stringValue.flatMap(DocumentURI.path) }
        } else if let uri = params["rootUri"]?.stringValue, let path = DocumentURI.path(of: uri) {
            folders = [path]
        } else if let path = params["rootPath"]?.stringValue, path.hasPrefix("/") {
            folders = [URL(fileURLWithPath: path).standardizedFileURL.path]
        }
        phase = .running
        log("catalint \(CatalintVersion.current) serving \(folders.isEmpty ? "no workspace folder" : folders.joined(separator: ", ")); "
            + "diagnostics \(client.pullsDiagnostics ? "pulled by the client" : "pushed")")
        let paths = folders
        worker.async { self.projects.setFolders(paths) }
        return ["capabilities": ServerCapabilities.json(for: client), "serverInfo": ServerCapabilities.serverInfo]
    }

    // MARK: Notifications

    private func handleNotification(method: String, params: JSON) throws(ResponseError) {
        if method == "exit" {
            exitStatus = phase == .shutDown ? 0 : 1
            return
        }
        if Self.requestMethods.contains(method) {
            // A request without an id cannot be answered as a request: say so to the client.
            connection.respond(to: nil, error: ResponseError(ErrorCode.invalidRequest, "Invalid request: \(method) is a request and needs an id."))
            throw ResponseError(ErrorCode.invalidRequest, "a request without an id")
        }
        guard phase == .running else {
            if phase == .waitingForInitialize { log("\(method) before initialize; ignored") }
            return
        }
        switch method {
        case "initialized":
            registerFileWatchers()
            worker.async { self.projects.prepareFolders() }
        case "textDocument/didOpen":
            let item = params["textDocument"]
            guard let uri = item?["uri"]?.stringValue, let text = item?["text"]?.stringValue else {
                throw .invalidParams("textDocument/didOpen needs textDocument.uri and textDocument.text")
            }
            let document = TextDocument(uri: uri, languageID: item?["languageId"]?.stringValue ?? "", version: item?["version"]?.intValue ?? 0, text: text)
            state.withLock { $0.documents[uri] = document }
            documentChanged(document)
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, let changes = params["contentChanges"]?.arrayValue else {
                throw .invalidParams("textDocument/didChange needs textDocument.uri and contentChanges")
            }
            let version = params["textDocument"]?["version"]?.intValue
            let document = try state.withLock { state throws(ResponseError) -> TextDocument in
                guard var document = state.documents[uri] else { throw .invalidParams("textDocument/didChange for \(uri), which is not open") }
                defer { state.documents[uri] = document }
                for change in changes { try document.apply(change) }
                document.version = version ?? document.version + 1
                return document
            }
            documentChanged(document)
        case "textDocument/didSave":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, let path = DocumentURI.path(of: uri) else {
                throw .invalidParams("textDocument/didSave needs a file: textDocument.uri")
            }
            filesChanged([path])
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.stringValue else { throw .invalidParams("textDocument/didClose needs textDocument.uri") }
            close(uri)
        case "workspace/didChangeWatchedFiles":
            guard let changes = params["changes"]?.arrayValue else { throw .invalidParams("workspace/didChangeWatchedFiles needs changes") }
            filesChanged(changes.compactMap { $0["uri"]?.stringValue.flatMap(DocumentURI.path) })
        case "workspace/didChangeWorkspaceFolders":
            guard let event = params["event"] else { throw .invalidParams("workspace/didChangeWorkspaceFolders needs event") }
            let added = event["added"]?.arrayValue?.compactMap { $0["uri"]?.stringValue.flatMap(DocumentURI.path) } ?? []
            let removed = Set(event["removed"]?.arrayValue?.compactMap { $0["uri"]?.stringValue.flatMap(DocumentURI.path) } ?? [])
            worker.async {
                self.projects.setFolders(self.projects.folders.filter { !removed.contains($0) } + added)
                self.projects.prepareFolders()
                self.projectsChanged()
            }
        case "$/cancelRequest":
            guard let id = params["id"].flatMap(RequestID.init) else { throw .invalidParams("$/cancelRequest needs an id") }
            cancel(id)
        case "workspace/didChangeConfiguration", "textDocument/willSave", "$/setTrace":
            break
        default:
            if !method.hasPrefix("$/") { log("unknown notification \(method); ignored") }
        }
    }

    private func registerFileWatchers() {
        guard client.registersFileWatchers else { return }
        let watchers = JSON.array(ServerCapabilities.watchedFiles.map { ["globPattern": .string($0)] })
        connection.request("client/registerCapability", ["registrations": [[
            "id": "catalint-watched-files", "method": "workspace/didChangeWatchedFiles", "registerOptions": ["watchers": watchers],
        ]]])
    }

    // MARK: Documents and linting

    /// A document opened or edited: linted when diagnostics are pushed; when the client pulls them,
    /// its next pull lints it.
    private func documentChanged(_ document: TextDocument) {
        guard !client.pullsDiagnostics, Self.isLintable(document) else { return }
        schedule(document.uri)
    }

    /// Documents catalint may lint: files whose name says so, and YAML (interface files by the
    /// configuration's `interface_files`).
    static func isLintable(_ document: TextDocument) -> Bool {
        guard let path = document.path else { return false }
        return InputKind(path: path) != nil || path.hasSuffix(".yml") || path.hasSuffix(".yaml")
    }

    private func close(_ uri: String) {
        let (document, waiters) = state.withLock { state in
            state.pending.removeAll { $0 == uri }
            state.results[uri] = nil
            return (state.documents.removeValue(forKey: uri), state.waiters.removeValue(forKey: uri) ?? [])
        }
        for waiter in waiters { answer(waiter, with: nil) }
        guard let document, let path = document.path else { return }
        // On the worker, so that the diagnostics of a lint that was running are never published after these.
        worker.async {
            self.projects.existing(for: path)?.session.close(path: path)
            if !self.client.pullsDiagnostics && Self.isLintable(document) {
                self.connection.notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
            }
        }
    }

    /// Files saved or changed on disk: the projects read them again, and every open document is
    /// linted again, since a declaration or the configuration may have changed.
    private func filesChanged(_ paths: [String]) {
        worker.async {
            if self.projects.filesChanged(paths) { self.projectsChanged() }
        }
    }

    /// On the worker: the projects changed, so every result is stale. Open documents are linted
    /// again (pushed), or the client is asked to pull again.
    private func projectsChanged() {
        let uris = state.withLock { state in
            state.epoch += 1
            return state.documents.values.filter(Self.isLintable).map(\.uri)
        }
        if client.pullsDiagnostics {
            if client.refreshesDiagnostics { connection.request("workspace/diagnostic/refresh", .null) }
            for uri in uris where state.withLock({ $0.waiters[uri] != nil }) { schedule(uri) }
        } else {
            for uri in uris.sorted().reversed() { schedule(uri) }
        }
    }

    /// Puts a document first in line to be linted, once, and starts the worker if it is idle.
    private func schedule(_ uri: String) {
        let start = state.withLock { state -> Bool in
            state.pending.removeAll { $0 == uri }
            state.pending.insert(uri, at: 0)
            if state.draining { return false }
            state.draining = true
            return true
        }
        if start { worker.async { self.lintNext() } }
    }

    /// On the worker: lints the first pending document at its newest version, then publishes the
    /// result and answers the requests waiting for it, unless the document changed meanwhile.
    /// One document a turn, so that other work on the queue (a project changed) is not held up.
    private func lintNext() {
        let job = state.withLock { state -> (TextDocument, Int)? in
            while !state.pending.isEmpty {
                let uri = state.pending.removeFirst()
                if let document = state.documents[uri] { return (document, state.epoch) }
            }
            state.draining = false
            return nil
        }
        guard let (document, epoch) = job else { return }
        let result = lint(document, epoch: epoch)
        let waiters = state.withLock { state -> [Waiter]? in
            guard let current = state.documents[document.uri] else { return nil }
            guard current.version == document.version, state.epoch == epoch else {
                // Stale: the newest version is, or will be, pending; requests wait for it.
                if state.waiters[document.uri] != nil && !state.pending.contains(document.uri) { state.pending.append(document.uri) }
                return nil
            }
            state.results[document.uri] = result
            return state.waiters.removeValue(forKey: document.uri) ?? []
        }
        if let waiters {
            if !client.pullsDiagnostics {
                connection.notify("textDocument/publishDiagnostics", [
                    "uri": .string(document.uri), "version": .int(document.version), "diagnostics": result.json,
                ])
            }
            for waiter in waiters { answer(waiter, with: result) }
        }
        worker.async { self.lintNext() }
    }

    /// On the worker: the diagnostics of a document's text, in the project it belongs to.
    private func lint(_ document: TextDocument, epoch: Int) -> LintedDocument {
        guard let path = document.path else {
            return LintedDocument(uri: document.uri, version: document.version, epoch: epoch, diagnostics: [], text: document.text)
        }
        let project = projects.project(for: path)
        var diagnostics = project.session.lint(path: path, text: document.text).diagnostics.filter { $0.position.path == path }
        if path == project.configurationFile {
            diagnostics += project.configurationProblems.map { Self.configurationDiagnostic($0.position, $0.message) }
        }
        return LintedDocument(uri: document.uri, version: document.version, epoch: epoch, diagnostics: diagnostics, text: document.text)
    }

    private static func configurationDiagnostic(_ position: SourcePosition, _ message: String) -> Diagnostic {
        Diagnostic(rule: "configuration", severity: .error, position: position, message: message,
                   help: "catalint uses the defaults until this is fixed; `catalint init` writes a starter file.")
    }

    /// On the worker: a project was built. A broken `.catalint.yml` is shown to the user.
    private func projectBuilt(_ project: Project) {
        guard let file = project.configurationFile else { return }
        let uri = DocumentURI.uri(of: file)
        if !project.configurationProblems.isEmpty {
            connection.notify("window/showMessage", [
                "type": 1, "message": .string("catalint: \(file) has errors; the defaults apply until they are fixed."),
            ])
        }
        // Pushed for the configuration file even when it is not open (and cleared once it is
        // fixed); pulled like any document otherwise.
        guard !client.pullsDiagnostics else { return }
        let isOpen = state.withLock { $0.documents[uri] != nil }
        guard !isOpen, !project.configurationProblems.isEmpty || brokenConfigurations.contains(uri) else { return }
        if project.configurationProblems.isEmpty { brokenConfigurations.remove(uri) } else { brokenConfigurations.insert(uri) }
        let linted = LintedDocument(uri: uri, version: 0, epoch: 0,
                                    diagnostics: project.configurationProblems.map { Self.configurationDiagnostic($0.position, $0.message) },
                                    text: (try? String(contentsOfFile: file, encoding: .utf8)) ?? "")
        connection.notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": linted.json])
    }

    // MARK: Requests answered from a document's diagnostics

    /// What a request waiting for a document's newest diagnostics asks.
    enum Question: Sendable {
        case diagnostics(previousResultID: String?)
        case hover(LSPPosition)
        case codeActions(LSPRange, only: [String]?)
    }

    struct Waiter: Sendable {
        var id: RequestID
        var question: Question
    }

    /// Answers at once from the newest result when it is up to date, else when the document's lint ends.
    private func answerWhenLinted(id: RequestID, params: JSON, question: Question) throws(ResponseError) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else { throw .invalidParams("The request needs textDocument.uri.") }
        let waiter = Waiter(id: id, question: question)
        enum Next { case answer(LintedDocument?), wait }
        let next = state.withLock { state -> Next in
            guard let document = state.documents[uri], Self.isLintable(document) else { return .answer(nil) }
            if let result = state.results[uri], result.version == document.version, result.epoch == state.epoch { return .answer(result) }
            state.waiters[uri, default: []].append(waiter)
            return .wait
        }
        switch next {
        case .answer(let result): answer(waiter, with: result)
        case .wait: schedule(uri)
        }
    }

    /// Answers a request from a document's diagnostics; nil for a document not open or not linted.
    private func answer(_ waiter: Waiter, with result: LintedDocument?) {
        switch waiter.question {
        case .diagnostics(let previous):
            let items = result?.json ?? []
            let resultID = String(UInt64(bitPattern: Int64(items.hashValue)), radix: 36)
            if previous == resultID {
                connection.respond(to: waiter.id, result: ["kind": "unchanged", "resultId": .string(resultID)])
            } else {
                connection.respond(to: waiter.id, result: ["kind": "full", "resultId": .string(resultID), "items": items])
            }
        case .hover(let position):
            connection.respond(to: waiter.id, result: result.flatMap { Hover.json(for: $0, at: position, markdown: client.hoverMarkdown) } ?? .null)
        case .codeActions(let range, let only):
            let quickFixes = result.map { CodeActions.json(for: $0, in: range, only: only, documentChanges: client.documentChanges) } ?? []
            guard let result, let path = result.path, CodeActions.asks(only, for: CodeActions.fixAllKind), CodeActions.hasFix(result, unsafe: true) else {
                connection.respond(to: waiter.id, result: quickFixes)
                return
            }
            // Fixing lints the document again, a round at a time: on the worker, which owns the
            // projects. Safe fixes only, unless the project's configuration says `unsafe_fixes: true`.
            let documentChanges = client.documentChanges
            worker.async {
                let project = self.projects.project(for: path)
                let fixed = project.session.fixAll(path: path, text: result.text, unsafe: project.workspace.configuration.unsafeFixes)
                var actions = quickFixes.arrayValue ?? []
                if !fixed.fixes.isEmpty {
                    let edits = UnifiedDiff.edits(from: result.text, to: fixed.text, path: path)
                    actions.append(CodeActions.fixAll(for: result, edits: edits, fixes: fixed.fixes.count, documentChanges: documentChanges))
                }
                self.connection.respond(to: waiter.id, result: .array(actions))
            }
        }
    }

    /// `$/cancelRequest`: a request still waiting is answered with RequestCancelled.
    private func cancel(_ id: RequestID) {
        let cancelled = state.withLock { state -> Bool in
            for (uri, waiters) in state.waiters {
                guard let index = waiters.firstIndex(where: { $0.id == id }) else { continue }
                state.waiters[uri]!.remove(at: index)
                if state.waiters[uri]!.isEmpty { state.waiters[uri] = nil }
                return true
            }
            return false
        }
        if cancelled { connection.respond(to: id, error: ResponseError(ErrorCode.requestCancelled, "The request was cancelled.")) }
    }

    // MARK: Output

    private func log(_ line: String) { connection.log(line) }

    /// Writes a frame to standard output, whole.
    public static let writeToStandardOutput: @Sendable (Data) -> Void = { data in
        _ = writeAll(data, to: STDOUT_FILENO)
    }

    /// Writes a line to standard error, which editors show as the server's log.
    public static let logToStandardError: @Sendable (String) -> Void = { line in
        // A reader that is gone is ignored: the end of the input follows, and the server exits.
        _ = writeAll(Data(("catalint server: " + line + "\n").utf8), to: STDERR_FILENO)
    }
}

/// What the server keeps about open documents, shared between the reading thread and the worker.
struct ServerState: Sendable {
    var documents: [String: TextDocument] = [:]
    /// Documents waiting to be linted, first first; each once.
    var pending: [String] = []
    /// True while the worker has `lintNext` turns queued.
    var draining = false
    /// Each document's newest lint.
    var results: [String: LintedDocument] = [:]
    /// Requests waiting for a document's newest lint.
    var waiters: [String: [LanguageServer.Waiter]] = [:]
    /// Goes up each time the projects change: a result of an older epoch is stale.
    var epoch = 0
}
