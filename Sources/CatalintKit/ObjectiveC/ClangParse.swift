import CClang
import Foundation

/// The language clang parses a file in.
enum ObjCLanguage: String, Sendable, Codable {
    /// `.m`, and headers (`.h`).
    case objectiveC = "objective-c"
    /// `.mm`.
    case objectiveCpp = "objective-c++"

    init(path: String) {
        self = path.hasSuffix(".mm") ? .objectiveCpp : .objectiveC
    }
}

/// How Objective-C files of a project are parsed: what every file sees besides its own text.
struct ObjCParseSettings: Sendable, Codable, Hashable {
    /// The declarations catalint hands clang in place of the SDK (`ObjCPrelude`).
    var prelude: String
    /// Folders searched for `#import "X.h"` and `<Module/X.h>`: every folder of the project that
    /// holds headers, and its parent, as Xcode's header maps find a project's headers by name.
    var includeFolders: [String] = []
    /// Prefix headers (`GCC_PREFIX_HEADER`), included before the file.
    var prefixHeaders: [String] = []
    /// `NAME` or `NAME=VALUE`, from `GCC_PREPROCESSOR_DEFINITIONS`.
    var definitions: [String] = []
    /// The most times a file is parsed again with declarations of what it uses but no header
    /// declares (`ObjCStubs`).
    var stubRounds = 3
}

/// One cursor of a parsed file (`CLNode`), with its children and strings.
struct ObjCNode: Sendable {
    var kind: ObjCCursorKind
    var parent: Int
    var children: [Int] = []
    /// Byte offsets in the file, where the code is written (for code a macro makes: the macro's use).
    var begin: Int
    var end: Int
    var location: Int
    var spelling: String
    var referencedKind: ObjCCursorKind?
    var referencedName: String
    /// Where the declaration referred to is, in this file; nil when it is elsewhere or none.
    var referencedOffset: Int?
    /// The class of an object pointer (`UISlider`), or the type as written (`CGRect`); empty when unknown.
    var type: String
    /// The operator of a binary or unary operator, when libclang tells it.
    var binaryOperator: ObjCBinaryOperator?
    var unaryOperator: ObjCUnaryOperator?
    /// True when a macro made it: its place is the macro's use.
    var fromMacro: Bool
    /// True when the declaration it refers to is catalint's own (the prelude or the stubs): its type is made up.
    var refersToMadeUp: Bool
    /// True when the declaration it refers to is in another file of the project (a header).
    var refersToOtherFile: Bool
    /// For a class reference: the class's superclasses as the headers clang read declare them, nearest first.
    var superclasses: [String]
    /// True when `type` is the class of an object pointer.
    var isObjectPointer: Bool
    /// For a cursor a macro of the project makes: where its code is spelled (the macro's body).
    var spellingPath: String?
    var spellingOffset: Int
}

/// A token of the file as clang's lexer reads it: comments and the pieces of selectors.
struct ObjCToken: Sendable {
    enum Kind: Int32, Sendable {
        case punctuation = 0, keyword = 1, identifier = 2, literal = 3, comment = 4
    }
    var kind: Kind
    var begin: Int
    var end: Int
}

/// A diagnostic clang gave, where the text it is about is spelled.
struct ObjCDiagnostic: Sendable, Equatable {
    var severity: Int
    var message: String
    /// The file it is in ("" for none), and the byte offset there.
    var file: String
    var offset: Int
}

/// What clang made of one file: its cursors, tokens, diagnostics and the files it included.
struct ObjCParse: Sendable {
    var path: String
    var language: ObjCLanguage
    var nodes: [ObjCNode] = []
    /// The top-level cursors, in order.
    var roots: [Int] = []
    var tokens: [ObjCToken] = []
    var diagnostics: [ObjCDiagnostic] = []
    /// The files the parse read besides the main one (headers and prefix headers), sorted.
    var includedFiles: [String] = []
    /// Ranges the preprocessor left out of the file (`#if 0`, `#if !TARGET_OS_MACCATALYST`).
    var skippedRanges: [Range<Int>] = []
    /// Ranges only the Mac build has (`#if TARGET_OS_MACCATALYST`): what an iPad build leaves out.
    var macOnlyRanges: [Range<Int>] = []
    /// The declarations catalint gave clang for names no header declared.
    var stubs: ObjCStubs = ObjCStubs()
    /// How many times the file was parsed.
    var rounds = 0
    /// True when the walk stopped at its limit of cursors.
    var truncated = false
}

/// Why a file could not be parsed at all.
struct ObjCParseFailure: Error, Sendable {
    var reason: String
}

enum ObjCParser {
    /// The virtual file that holds the prelude and the stubs.
    static let preludePath = "/catalint-prelude/catalint-prelude.h"
    static let stubsPath = "/catalint-prelude/catalint-stubs.h"
    /// A system root with nothing in it: no SDK, and not the machine's `/usr/include` either, so a
    /// Mac and Linux see the same headers (none).
    static let emptySystemRoot = "/catalint-no-sdk"
    /// The most cursors a file's walk keeps.
    static let maximumNodes = 4_000_000

    /// The command line clang gets for a file.
    static func arguments(language: ObjCLanguage, settings: ObjCParseSettings, macCatalyst: Bool = true) -> [String] {
        var arguments = [
            "-x", language.rawValue,
            "-target", "arm64-apple-ios17.0-macabi",
            "-isysroot", emptySystemRoot, "-nobuiltininc",
            // Manual reference counting: a message no header declares is then a warning, not an
            // error, so the statement that sends it stays in the tree.
            "-fno-objc-arc", "-fobjc-weak", "-fblocks",
            "-fno-spell-checking", "-ferror-limit=0", "-w",
            "-Wno-error=int-conversion", "-Wno-error=incompatible-pointer-types",
            "-Wno-error=implicit-function-declaration", "-Wno-error=implicit-int",
            "-Wno-error=incompatible-function-pointer-types", "-Wno-error=return-type",
        ]
        if language == .objectiveCpp { arguments += ["-std=gnu++17"] }
        // As the SDK's TargetConditionals.h defines them for Mac Catalyst (or an iPad, to tell what
        // only the Mac build has).
        for (name, value) in targetConditionals(macCatalyst: macCatalyst) { arguments.append("-D\(name)=\(value)") }
        for definition in settings.definitions { arguments.append("-D\(definition)") }
        arguments += ["-include", preludePath]
        for header in settings.prefixHeaders { arguments += ["-include", header] }
        arguments += ["-include", stubsPath]
        for folder in settings.includeFolders { arguments.append("-I\(folder)") }
        return arguments
    }

    /// `TARGET_OS_*` for a Mac Catalyst build (or an iPad's, with `macCatalyst` false).
    static func targetConditionals(macCatalyst: Bool) -> [(String, Int)] {
        [("TARGET_OS_MAC", 1), ("TARGET_OS_IPHONE", 1), ("TARGET_OS_IOS", 1), ("TARGET_OS_MACCATALYST", macCatalyst ? 1 : 0),
         ("TARGET_OS_UIKITFORMAC", macCatalyst ? 1 : 0), ("TARGET_OS_OSX", 0), ("TARGET_OS_TV", 0), ("TARGET_OS_WATCH", 0),
         ("TARGET_OS_VISION", 0), ("TARGET_OS_XR", 0), ("TARGET_OS_SIMULATOR", 0), ("TARGET_OS_EMBEDDED", 0), ("TARGET_OS_BRIDGE", 0),
         ("TARGET_OS_DRIVERKIT", 0), ("TARGET_OS_LINUX", 0), ("TARGET_OS_WIN32", 0), ("TARGET_OS_WINDOWS", 0),
         ("TARGET_OS_UNIX", 0), ("TARGET_IPHONE_SIMULATOR", 0), ("TARGET_OS_NANO", 0)]
    }

    // libclang's parse options: DetailedPreprocessingRecord (skipped ranges), KeepGoing (a missing
    // header does not stop the parse), IncludeBriefCommentsInCodeCompletion off.
    private static let parseOptions: UInt32 = 0x01 | 0x200

    /// Parses `text` as the file at `path`, with stubs for what no header declares learned over at
    /// most `settings.stubRounds` more parses.
    static func parse(path: String, text: String, language: ObjCLanguage, settings: ObjCParseSettings, clang: LibClang,
                      deadline: Deadline = .none) -> Result<ObjCParse, ObjCParseFailure> {
        let api = clang.api
        let index = api.createIndex(0, 0)
        defer { api.disposeIndex(index) }
        var stubs = settings.stubRounds > 0 ? ObjCStubs.memberAccesses(in: Array(text.utf8)) : ObjCStubs()
        var round = 0
        var fileTexts = FileTexts(mainPath: path, mainText: text)
        while true {
            round += 1
            var unit: CXTranslationUnit?
            let code = withParse(api: api, index: index, path: path, text: text, language: language, settings: settings, stubs: stubs, unit: &unit)
            guard code == 0, let unit else {
                return .failure(ObjCParseFailure(reason: "clang could not parse it (error \(code))"))
            }
            let diagnostics = readDiagnostics(api: api, unit: unit)
            let learned = round <= settings.stubRounds && !deadline.expired
                ? stubs.learning(from: diagnostics, texts: &fileTexts, mainPath: path) : nil
            if let learned, learned != stubs {
                stubs = learned
                api.disposeTranslationUnit(unit)
                continue
            }
            defer { api.disposeTranslationUnit(unit) }
            var parse = ObjCParse(path: path, language: language)
            parse.diagnostics = diagnostics
            parse.stubs = stubs
            parse.rounds = round
            readTree(api: api, unit: unit, path: path, into: &parse)
            parse.tokens = readTokens(api: api, unit: unit, path: path, length: text.utf8.count)
            parse.includedFiles = readInclusions(api: api, unit: unit, mainPath: path)
            parse.skippedRanges = readSkippedRanges(api: api, unit: unit, path: path)
            if mentionsMacCatalyst(text) && !deadline.expired {
                parse.macOnlyRanges = macOnlyRanges(api: api, index: index, path: path, text: text, language: language, settings: settings,
                                                    stubs: stubs, catalystSkipped: parse.skippedRanges)
            }
            return .success(parse)
        }
    }

    /// The tokens of a text as clang's lexer reads them (comments included), from a parse of the
    /// file alone that reads no header and no function body: what suppression comments need.
    static func tokens(path: String, text: String, clang: LibClang) -> [ObjCToken]? {
        let api = clang.api
        let index = api.createIndex(0, 0)
        defer { api.disposeIndex(index) }
        var unit: CXTranslationUnit?
        var settings = ObjCParseSettings(prelude: "")
        settings.stubRounds = 0
        // SingleFileParse (0x400) and SkipFunctionBodies (0x40).
        let code = withParse(api: api, index: index, path: path, text: text, language: ObjCLanguage(path: path), settings: settings,
                             stubs: ObjCStubs(), extraOptions: 0x400 | 0x40, unit: &unit)
        guard code == 0, let unit else { return nil }
        defer { api.disposeTranslationUnit(unit) }
        return readTokens(api: api, unit: unit, path: path, length: text.utf8.count)
    }

    /// True when the file may hold code only the Mac build has.
    static func mentionsMacCatalyst(_ text: String) -> Bool {
        text.contains("TARGET_OS_MACCATALYST") || text.contains("TARGET_OS_UIKITFORMAC")
    }

    /// What a Mac Catalyst build has and an iPad build leaves out: the ranges an iPad build's
    /// preprocessor skips that the Mac build's does not.
    private static func macOnlyRanges(api: CLApi, index: CXIndex?, path: String, text: String, language: ObjCLanguage, settings: ObjCParseSettings,
                                      stubs: ObjCStubs, catalystSkipped: [Range<Int>]) -> [Range<Int>] {
        var unit: CXTranslationUnit?
        // Function bodies are not parsed: only the preprocessor's reading matters here.
        let code = withParse(api: api, index: index, path: path, text: text, language: language, settings: settings, stubs: stubs,
                             macCatalyst: false, extraOptions: 0x40, unit: &unit)
        guard code == 0, let unit else { return [] }
        defer { api.disposeTranslationUnit(unit) }
        return readSkippedRanges(api: api, unit: unit, path: path).filter { range in !catalystSkipped.contains { $0.overlaps(range) } }
    }

    private static func withParse(api: CLApi, index: CXIndex?, path: String, text: String, language: ObjCLanguage, settings: ObjCParseSettings,
                                  stubs: ObjCStubs, macCatalyst: Bool = true, extraOptions: UInt32 = 0, unit: inout CXTranslationUnit?) -> Int32 {
        let arguments = arguments(language: language, settings: settings, macCatalyst: macCatalyst)
        let files: [(String, String)] = [(path, text), (preludePath, settings.prelude), (stubsPath, stubs.text)]
        // C strings that live through the call.
        let argumentStrings = arguments.map { strdup($0) }
        let fileNames = files.map { strdup($0.0) }
        let fileBodies = files.map { Array($0.1.utf8) }
        defer {
            for string in argumentStrings { free(string) }
            for string in fileNames { free(string) }
        }
        var argumentPointers = argumentStrings.map { UnsafePointer<CChar>($0) }
        return fileBodies[0].withUnsafeBufferPointer { main in
            fileBodies[1].withUnsafeBufferPointer { prelude in
                fileBodies[2].withUnsafeBufferPointer { stubText in
                    let bodies = [main, prelude, stubText]
                    var unsaved = (0..<files.count).map { index in
                        CXUnsavedFile(Filename: UnsafePointer(fileNames[index]),
                                      Contents: bodies[index].baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) } ?? UnsafePointer(fileNames[index]),
                                      Length: UInt(bodies[index].count))
                    }
                    return argumentPointers.withUnsafeMutableBufferPointer { argv in
                        api.parseTranslationUnit2(index, fileNames[0], argv.baseAddress, Int32(argv.count), &unsaved, UInt32(unsaved.count),
                                                  parseOptions | extraOptions, &unit)
                    }
                }
            }
        }
    }

    private static func string(_ api: CLApi, _ value: CXString) -> String {
        defer { api.disposeString(value) }
        return api.getCString(value).map { String(cString: $0) } ?? ""
    }

    private static func readDiagnostics(api: CLApi, unit: CXTranslationUnit) -> [ObjCDiagnostic] {
        var diagnostics: [ObjCDiagnostic] = []
        let count = api.getNumDiagnostics(unit)
        for number in 0..<count {
            guard let diagnostic = api.getDiagnostic(unit, number) else { continue }
            defer { api.disposeDiagnostic(diagnostic) }
            let severity = Int(api.getDiagnosticSeverity(diagnostic))
            guard severity >= 3 else { continue }
            // Where the text it is about is spelled: inside a macro's arguments, not at the macro's name.
            var file: CXFile?
            var offset: UInt32 = 0
            api.getSpellingLocation(api.getDiagnosticLocation(diagnostic), &file, nil, nil, &offset)
            let name = file.map { string(api, api.getFileName($0)) } ?? ""
            diagnostics.append(ObjCDiagnostic(severity: severity, message: string(api, api.getDiagnosticSpelling(diagnostic)), file: name, offset: Int(offset)))
        }
        return diagnostics
    }

    private static func readTree(api: CLApi, unit: CXTranslationUnit, path: String, into parse: inout ObjCParse) {
        var tree = CLTree()
        var copy = api
        let madeUp = [strdup(preludePath), strdup(stubsPath)]
        defer { for string in madeUp { free(string) } }
        var madeUpPointers = madeUp.map { UnsafePointer<CChar>($0) }
        madeUpPointers.withUnsafeMutableBufferPointer { paths in
            path.withCString { cl_flatten(&copy, unit, $0, paths.baseAddress, paths.count, maximumNodes, &tree) }
        }
        defer { cl_free_tree(&tree) }
        parse.truncated = tree.truncated != 0
        var nodes: [ObjCNode] = []
        nodes.reserveCapacity(tree.count)
        var stringCache: [Int32: String] = [:]
        func text(_ offset: Int32) -> String {
            guard offset >= 0 else { return "" }
            if let known = stringCache[offset] { return known }
            let value = String(cString: tree.strings + Int(offset))
            stringCache[offset] = value
            return value
        }
        for position in 0..<tree.count {
            let raw = tree.nodes[position]
            let node = ObjCNode(kind: ObjCCursorKind(rawValue: raw.kind) ?? .other, parent: Int(raw.parent),
                                begin: Int(raw.begin), end: Int(raw.end), location: Int(raw.location),
                                spelling: text(raw.spelling),
                                referencedKind: raw.referencedKind < 0 ? nil : (ObjCCursorKind(rawValue: raw.referencedKind) ?? .other),
                                referencedName: text(raw.referencedName),
                                referencedOffset: raw.referencedOffset < 0 ? nil : Int(raw.referencedOffset),
                                type: text(raw.type),
                                binaryOperator: raw.op < 0 ? nil : ObjCBinaryOperator(rawValue: raw.op),
                                unaryOperator: raw.op < 0 ? nil : ObjCUnaryOperator(rawValue: raw.op),
                                fromMacro: raw.flags & 1 != 0, refersToMadeUp: raw.flags & 2 != 0, refersToOtherFile: raw.flags & 4 != 0,
                                superclasses: raw.superclasses < 0 ? [] : text(raw.superclasses).split(separator: ":").map(String.init),
                                isObjectPointer: raw.flags & 8 != 0,
                                spellingPath: raw.spellingFile < 0 ? nil : text(raw.spellingFile), spellingOffset: Int(raw.spellingOffset))
            if node.parent >= 0 { nodes[node.parent].children.append(position) } else { parse.roots.append(position) }
            nodes.append(node)
        }
        parse.nodes = nodes
    }

    private static func readTokens(api: CLApi, unit: CXTranslationUnit, path: String, length: Int) -> [ObjCToken] {
        guard let file = api.getFile(unit, path) else { return [] }
        let start = api.getLocationForOffset(unit, file, 0)
        let end = api.getLocationForOffset(unit, file, UInt32(length))
        var range = CXSourceRange()
        range.ptr_data = start.ptr_data
        range.begin_int_data = start.int_data
        range.end_int_data = end.int_data
        var tokens: UnsafeMutablePointer<CXToken>?
        var count: UInt32 = 0
        api.tokenize(unit, range, &tokens, &count)
        guard let tokens else { return [] }
        defer { api.disposeTokens(unit, tokens, count) }
        var result: [ObjCToken] = []
        result.reserveCapacity(Int(count))
        for number in 0..<Int(count) {
            let token = tokens[number]
            let extent = api.getTokenExtent(unit, token)
            var begin: UInt32 = 0
            var finish: UInt32 = 0
            api.getSpellingLocation(api.getRangeStart(extent), nil, nil, nil, &begin)
            api.getSpellingLocation(api.getRangeEnd(extent), nil, nil, nil, &finish)
            result.append(ObjCToken(kind: ObjCToken.Kind(rawValue: api.getTokenKind(token)) ?? .punctuation, begin: Int(begin), end: Int(finish)))
        }
        return result
    }

    private final class InclusionList {
        var files: Set<String> = []
        let api: CLApi
        init(api: CLApi) { self.api = api }
    }

    private static func readInclusions(api: CLApi, unit: CXTranslationUnit, mainPath: String) -> [String] {
        let list = InclusionList(api: api)
        let context = Unmanaged.passUnretained(list).toOpaque()
        api.getInclusions(unit, { file, _, _, data in
            guard let file, let data else { return }
            let list = Unmanaged<InclusionList>.fromOpaque(data).takeUnretainedValue()
            let name = list.api.getFileName(file)
            if let text = list.api.getCString(name) { list.files.insert(String(cString: text)) }
            list.api.disposeString(name)
        }, context)
        list.files.remove(mainPath)
        return list.files.filter { !$0.hasPrefix("/catalint-prelude/") }.sorted()
    }

    private static func readSkippedRanges(api: CLApi, unit: CXTranslationUnit, path: String) -> [Range<Int>] {
        guard let file = api.getFile(unit, path), let list = api.getSkippedRanges(unit, file) else { return [] }
        defer { api.disposeSourceRangeList(list) }
        var ranges: [Range<Int>] = []
        for number in 0..<Int(list.pointee.count) {
            let range = list.pointee.ranges[number]
            var begin: UInt32 = 0
            var end: UInt32 = 0
            api.getSpellingLocation(api.getRangeStart(range), nil, nil, nil, &begin)
            api.getSpellingLocation(api.getRangeEnd(range), nil, nil, nil, &end)
            if end > begin { ranges.append(Int(begin)..<Int(end)) }
        }
        return ranges
    }
}

/// The texts of the files a parse's diagnostics point into, read once.
struct FileTexts {
    let mainPath: String
    let mainText: [UInt8]
    private var others: [String: [UInt8]] = [:]

    init(mainPath: String, mainText: String) {
        self.mainPath = mainPath
        self.mainText = Array(mainText.utf8)
    }

    mutating func bytes(of path: String) -> [UInt8] {
        if path == mainPath { return mainText }
        if let known = others[path] { return known }
        let bytes = FileManager.default.contents(atPath: path).map { Array($0) } ?? []
        others[path] = bytes
        return bytes
    }
}
