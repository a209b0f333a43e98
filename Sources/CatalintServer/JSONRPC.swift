import CatalintKit
import Foundation

/// A request's id: a number or a string, as the client chose it.
enum RequestID: Hashable, Sendable, CustomStringConvertible {
    case int(Int)
    case string(String)

    init?(_ json: JSON) {
        switch json {
        case .int(let value): self = .int(value)
        case .string(let value): self = .string(value)
        default:
            guard let value = json.intValue else { return nil }
            self = .int(value)
        }
    }

    var json: JSON {
        switch self {
        case .int(let value): return .int(value)
        case .string(let value): return .string(value)
        }
    }

    var description: String {
        switch self {
        case .int(let value): return String(value)
        case .string(let value): return "\"\(value)\""
        }
    }
}

/// The error codes of JSON-RPC 2.0 and the Language Server Protocol.
enum ErrorCode {
    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602
    static let serverNotInitialized = -32002
    static let requestCancelled = -32800
}

/// An error to answer a request with.
struct ResponseError: Error, Sendable, Equatable {
    var code: Int
    var message: String

    init(_ code: Int, _ message: String) {
        self.code = code
        self.message = message
    }

    static func invalidParams(_ message: String) -> ResponseError { ResponseError(ErrorCode.invalidParams, message) }

    var json: JSON { ["code": .int(code), "message": .string(message)] }
}

/// One message from the client, sorted by its shape.
enum IncomingMessage: Sendable, Equatable {
    case request(id: RequestID, method: String, params: JSON)
    case notification(method: String, params: JSON)
    case response(id: RequestID, result: JSON?, error: JSON?)

    /// Reads a parsed message. A message that is JSON but no JSON-RPC 2.0 message is an
    /// `invalidRequest` error, with the id when one can be read (so the answer reaches its request).
    static func read(_ json: JSON) -> Result<IncomingMessage, InvalidMessage> {
        guard let members = json.objectValue else {
            let what = json.arrayValue != nil ? "a batch (an array), which the Language Server Protocol does not use" : "not an object"
            return .failure(InvalidMessage(id: nil, reason: "the message is \(what)"))
        }
        let rawID = members["id"]
        let id = rawID.flatMap(RequestID.init)
        guard members["jsonrpc"] == .string("2.0") else {
            return .failure(InvalidMessage(id: id, reason: "the message lacks \"jsonrpc\": \"2.0\""))
        }
        if let method = members["method"] {
            guard let name = method.stringValue else {
                return .failure(InvalidMessage(id: id, reason: "\"method\" is not a string"))
            }
            let params = members["params"] ?? .null
            guard params.objectValue != nil || params.arrayValue != nil || params.isNull else {
                return .failure(InvalidMessage(id: id, reason: "\"params\" of \(name) is neither an object nor an array"))
            }
            guard rawID != nil else { return .success(.notification(method: name, params: params)) }
            guard let id else {
                return .failure(InvalidMessage(id: nil, reason: "the id of \(name) is neither a number nor a string"))
            }
            return .success(.request(id: id, method: name, params: params))
        }
        if let id, members["result"] != nil || members["error"] != nil {
            return .success(.response(id: id, result: members["result"], error: members["error"]))
        }
        return .failure(InvalidMessage(id: id, reason: "the message is neither a request, a notification nor a response (no \"method\")"))
    }
}

/// A message that is JSON but not a valid JSON-RPC message.
struct InvalidMessage: Error, Sendable, Equatable {
    var id: RequestID?
    var reason: String
}

/// The server's side of the stream: writes whole frames to its output, one at a time from any
/// thread, and logs to standard error.
final class Connection: @unchecked Sendable {
    private let output: @Sendable (Data) -> Void
    /// Held while a frame is written, so that frames never interleave.
    private let writing = Locked()
    private struct Requests {
        var nextID = 1
        /// Requests the server sent and whose answers are awaited, by id: what to do with the answer.
        var awaiting: [RequestID: @Sendable (JSON?, JSON?) -> Void] = [:]
    }
    private let requests = Locked(Requests())
    let log: @Sendable (String) -> Void

    init(output: @escaping @Sendable (Data) -> Void, log: @escaping @Sendable (String) -> Void) {
        self.output = output
        self.log = log
    }

    func respond(to id: RequestID?, result: JSON) {
        send(["jsonrpc": "2.0", "id": id?.json ?? .null, "result": result])
    }

    func respond(to id: RequestID?, error: ResponseError) {
        send(["jsonrpc": "2.0", "id": id?.json ?? .null, "error": error.json])
    }

    func notify(_ method: String, _ params: JSON) {
        send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// Sends a request to the client; `answer` receives its result or error.
    func request(_ method: String, _ params: JSON, answer: @escaping @Sendable (_ result: JSON?, _ error: JSON?) -> Void = { _, _ in }) {
        let id = requests.withLock { requests in
            let id = RequestID.string("catalint-\(requests.nextID)")
            requests.nextID += 1
            requests.awaiting[id] = answer
            return id
        }
        var message: [String: JSON] = ["jsonrpc": "2.0", "id": id.json, "method": .string(method)]
        if !params.isNull { message["params"] = params }  // no params, rather than a null
        send(.object(message))
    }

    /// Hands the client's answer to a request of the server's to whoever sent it.
    func received(response id: RequestID, result: JSON?, error: JSON?) {
        let answer = requests.withLock { $0.awaiting.removeValue(forKey: id) }
        guard let answer else {
            log("a response to \(id), which the server never sent or was answered already; ignored")
            return
        }
        if let error { log("the client answered \(id) with an error: \(String(decoding: error.serialized(), as: UTF8.self))") }
        answer(result, error)
    }

    private func send(_ message: JSON) {
        let frame = MessageFramer.frame(message.serialized())
        writing.withLock { output(frame) }
    }
}
