import CatalintKit
import Foundation

/// What the client said it can do, in `initialize`, as far as the server cares.
struct ClientCapabilities: Sendable {
    /// The client pulls diagnostics (`textDocument/diagnostic`): they are not pushed then.
    var pullsDiagnostics = false
    /// The client can be told to pull again (`workspace/diagnostic/refresh`).
    var refreshesDiagnostics = false
    /// The client watches files for the server when asked (`client/registerCapability`).
    var registersFileWatchers = false
    /// The client shows Markdown in hovers.
    var hoverMarkdown = true
    /// The client applies workspace edits given as `documentChanges`, which name the document's
    /// version: an edit computed for an older version is refused rather than applied to the wrong text.
    var documentChanges = false

    init() {}

    init(_ capabilities: JSON?) {
        pullsDiagnostics = capabilities?["textDocument"]?["diagnostic"]?.objectValue != nil
        refreshesDiagnostics = capabilities?["workspace"]?["diagnostics"]?["refreshSupport"]?.boolValue == true
        registersFileWatchers = capabilities?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue == true
        documentChanges = capabilities?["workspace"]?["workspaceEdit"]?["documentChanges"]?.boolValue == true
        if let formats = capabilities?["textDocument"]?["hover"]?["contentFormat"]?.arrayValue {
            hoverMarkdown = formats.contains(.string("markdown"))
        }
    }
}

/// What the server offers, for the answer to `initialize`.
enum ServerCapabilities {
    static func json(for client: ClientCapabilities) -> JSON {
        var capabilities: [String: JSON] = [
            "positionEncoding": "utf-16",
            // Incremental changes; a change without a range (the whole text) is understood too.
            "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
            "hoverProvider": true,
            "codeActionProvider": ["codeActionKinds": ["quickfix", .string(CodeActions.fixAllKind)]],
            "workspace": ["workspaceFolders": ["supported": true, "changeNotifications": true]],
        ]
        if client.pullsDiagnostics {
            capabilities["diagnosticProvider"] = ["identifier": "catalint", "interFileDependencies": true, "workspaceDiagnostics": false]
        }
        return .object(capabilities)
    }

    static let serverInfo: JSON = ["name": "catalint", "version": .string(CatalintVersion.current)]

    /// The files the server asks the client to watch: Swift files (the index), and the files that
    /// decide a project's settings.
    static let watchedFiles: [String] = [
        "**/*.swift", "**/\(Configuration.fileName)", "**/*.xcodeproj/project.pbxproj", "**/project.yml", "**/project.yaml",
    ]
}
