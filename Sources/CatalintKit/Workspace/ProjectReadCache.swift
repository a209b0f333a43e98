import Foundation

/// What reading a project file looked at on disk besides the file itself: each file read (an
/// `.xcconfig` and its includes) by its stamp, taken before its bytes were read, and each folder
/// whose presence decided something (a package target's folder). A reading stays true while every
/// observation does.
struct ProjectObservation: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// A file's size and modification time, or nil when it could not be read.
        case file(ResultCache.Stamp?)
        /// Whether a folder was there.
        case folder(Bool)
    }

    var path: String
    var kind: Kind

    /// True when the disk still shows what was observed.
    var holds: Bool {
        switch kind {
        case .file(let stamp): return ResultCache.stamp(of: path) == stamp
        case .folder(let present): return ProjectObservation.isFolder(path) == present
        }
    }

    static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// The observations of the reading under way on this thread, when it is being recorded
    /// (`ProjectReadCache.recording`); the readers note each file and folder they look at here.
    @TaskLocal static var recorder: Recorder?

    /// Used by the one thread that reads the project file (a task-local value is seen only by
    /// the code its `withValue` runs), so its fields need no lock.
    final class Recorder: @unchecked Sendable {
        private(set) var observations: [ProjectObservation] = []
        private var seen: Set<String> = []

        func note(_ observation: ProjectObservation) {
            // The first look at a path is the one that counts: it is what the reading used.
            guard seen.insert(observation.path).inserted else { return }
            observations.append(observation)
        }
    }

    /// Notes that the file at `path` is about to be read: its stamp now, before its bytes.
    static func reading(_ path: String) {
        recorder?.note(ProjectObservation(path: path, kind: .file(ResultCache.stamp(of: path))))
    }

    /// Whether a folder is at `path`, noted.
    static func folderExists(_ path: String) -> Bool {
        let present = isFolder(path)
        recorder?.note(ProjectObservation(path: path, kind: .folder(present)))
        return present
    }
}

/// The readings of project files kept between runs in the cache folder, one small file per project
/// file (`project-` and a hash of its path): a run whose projects did not change reads none of them
/// again (parsing a 1 MB `project.pbxproj` took 140M instructions, a quarter of a run with nothing
/// else to do). An entry is used only when it was written by this build of catalint, for this
/// project file, from the same working folder (its log lines name paths relative to it), its
/// checksum holds, and every file and folder the reading looked at is as it was; anything else is
/// read again and the entry replaced. A damaged entry is never trusted.
struct ProjectReadCache: Sendable {
    let directory: String
    /// This build of catalint (`ResultCache.key`).
    let key: UInt64

    init(directory: String, key: UInt64 = ResultCache.key(settings: Array("project reads".utf8))) {
        self.directory = directory
        self.key = key
    }

    /// The first bytes of every entry: what it is, and the version of its form.
    static let magic = Array("catalint project reading 3\n".utf8)

    /// The entry file of the project file at `file`.
    func entryPath(of file: String) -> String {
        var hasher = StableHash()
        hasher.add(Array(file.utf8))
        return directory + "/project-" + String(hasher.value, radix: 16)
    }

    /// The reading of `file` kept by an earlier run, when it still holds.
    func load(_ file: String) -> ProjectReads.Logged? {
        guard let body = CacheFolder.readChecked(entryPath(of: file), magic: Self.magic) else { return nil }
        do {
            let source = try BinaryReader(body)
            guard try source.readUInt64() == key, try source.readString() == Configuration.workingDirectory,
                  try source.readString() == file else { return nil }
            let observations = try source.readPacked(ProjectObservation.self)
            let logged = try Self.unpackLogged(from: source)
            source.finish()
            guard source.isAtEnd, observations.allSatisfy(\.holds) else { return nil }
            return logged
        } catch {
            return nil
        }
    }

    /// How recent a file read may be, in nanoseconds, for its reading to be kept: a file changed
    /// again within the same tick of the file system's clock, to the same size, would keep its
    /// stamp, so a reading of a file that new could be trusted after its file changed.
    static let settlingTime: Int64 = 2_000_000_000

    /// Keeps the reading of `file`, made while `observations` were recorded; not when a file it
    /// read changed less than `settlingTime` ago (the next run keeps it).
    func store(_ file: String, _ logged: ProjectReads.Logged, observations: [ProjectObservation]) {
        let now = Int64(Date().timeIntervalSince1970 * 1_000_000_000)
        for case .file(let stamp?) in observations.map(\.kind) where stamp.modified > now - Self.settlingTime { return }
        let sink = BinaryWriter()
        sink.write(key)
        sink.write(Configuration.workingDirectory)
        sink.write(file)
        do {
            try sink.write(packed: observations)
            try Self.pack(logged, into: sink)
        } catch {
            return  // never happens: every value here packs
        }
        CacheFolder.writeChecked(sink.finished(), magic: Self.magic, to: entryPath(of: file), in: directory)
    }

    /// `parse(file)`, with what it looked at on disk.
    static func recording(_ file: String, _ parse: (String) -> ProjectReads.Logged) -> (ProjectReads.Logged, [ProjectObservation]) {
        let recorder = ProjectObservation.Recorder()
        // The project file itself first: its stamp before its bytes.
        recorder.note(ProjectObservation(path: file, kind: .file(ResultCache.stamp(of: file))))
        let logged = ProjectObservation.$recorder.withValue(recorder) { parse(file) }
        return (logged, recorder.observations)
    }

    static func pack(_ logged: ProjectReads.Logged, into sink: BinaryWriter) throws {
        switch logged.read {
        case .success(let project):
            sink.write(true)
            try project.pack(into: sink)
        case .failure(let error):
            sink.write(false)
            try error.pack(into: sink)
        }
        sink.write(strings: logged.log)
    }

    static func unpackLogged(from source: BinaryReader) throws -> ProjectReads.Logged {
        let read: ProjectReads.Read = try source.readBool()
            ? .success(try XcodeProject.unpack(from: source)) : .failure(try XcodeProject.ReadError.unpack(from: source))
        return (read, try source.readStrings())
    }
}

// MARK: - The readings' binary form

extension ProjectObservation: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(path)
        switch kind {
        case .file(let stamp):
            sink.write(0)
            sink.write(optional: stamp)
        case .folder(let present):
            sink.write(present ? 1 : 2)
        }
    }

    static func unpack(from source: BinaryReader) throws -> ProjectObservation {
        let path = try source.readString()
        switch try source.readInt() {
        case 0: return ProjectObservation(path: path, kind: .file(try source.readOptionalStamp()))
        case 1: return ProjectObservation(path: path, kind: .folder(true))
        case 2: return ProjectObservation(path: path, kind: .folder(false))
        default: throw BinaryReader.Malformed()
        }
    }
}

extension BinaryWriter {
    /// A set's strings, sorted (the same set always gives the same bytes).
    fileprivate func write(set: Set<String>) {
        write(strings: set.sorted())
    }
}

extension BinaryReader {
    /// A set written by `write(set:)`; a string twice is a damaged entry.
    fileprivate func readSet() throws -> Set<String> {
        let strings = try readStrings()
        let set = Set(strings)
        guard set.count == strings.count else { throw Malformed() }
        return set
    }
}

extension XcodeProject: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(file)
        sink.write(folder)
        try sink.write(packed: targets)
        sink.write(claimed != nil)
        if let claimed { sink.write(strings: claimed) }
        sink.write(optional: unfollowed)
        sink.write(isPackage)
    }

    static func unpack(from source: BinaryReader) throws -> XcodeProject {
        var project = XcodeProject(file: try source.readString(), folder: try source.readString(), targets: try source.readPacked(Target.self))
        project.claimed = try source.readBool() ? try source.readStrings() : nil
        project.unfollowed = try source.readOptionalString()
        project.isPackage = try source.readBool()
        return project
    }
}

extension XcodeProject.Target: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(name)
        sink.write(productType)
        sink.write(set: sources)
        sink.write(set: excluded)
        sink.write(set: resources)
        try sink.write(packed: patterns)
        try sink.write(packed: configurations)
        sink.write(strings: uses)
        sink.write(filteredOffMacCatalyst)
        try sink.write(optional: declaredLanguageMode)
    }

    static func unpack(from source: BinaryReader) throws -> XcodeProject.Target {
        var target = XcodeProject.Target(name: try source.readString(), productType: try source.readString())
        target.sources = try source.readSet()
        target.excluded = try source.readSet()
        target.resources = try source.readSet()
        target.patterns = try source.readPacked(XcodeProject.SourcePatterns.self)
        target.configurations = try source.readPacked(XcodeProject.BuildConfiguration.self)
        target.uses = try source.readStrings()
        target.filteredOffMacCatalyst = try source.readBool()
        target.declaredLanguageMode = try source.readOptional(LanguageMode.self)
        return target
    }
}

extension XcodeProject.SourcePatterns: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(folder)
        sink.write(strings: excludes.map(\.pattern))
        sink.write(strings: includes.map(\.pattern))
    }

    static func unpack(from source: BinaryReader) throws -> XcodeProject.SourcePatterns {
        XcodeProject.SourcePatterns(folder: try source.readString(), excludes: try source.readStrings().map(Glob.init),
                                    includes: try source.readStrings().map(Glob.init))
    }
}

extension XcodeProject.BuildConfiguration: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(name)
        try sink.write(packed: layers)
    }

    static func unpack(from source: BinaryReader) throws -> XcodeProject.BuildConfiguration {
        XcodeProject.BuildConfiguration(name: try source.readString(), layers: try source.readPacked(SettingsLayer.self))
    }
}

extension SettingsLayer: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(owner)
        sink.write(file)
        try sink.write(packed: settings)
    }

    static func unpack(from source: BinaryReader) throws -> SettingsLayer {
        SettingsLayer(owner: try source.readString(), file: try source.readString(), settings: try source.readPacked(BuildSetting.self))
    }
}

extension BuildSetting: BinaryPacked {
    /// Its key is not written: it is worked out from `written` again.
    func pack(into sink: BinaryWriter) throws {
        sink.write(written)
        sink.write(value)
        sink.write(file)
        sink.write(optional: line)
        sink.write(optional: column)
        sink.write(optional: configuration)
        try sink.write(optional: placedAt)
    }

    static func unpack(from source: BinaryReader) throws -> BuildSetting {
        var setting = BuildSetting(written: try source.readString(), value: try source.readString(), file: try source.readString(),
                                   line: try source.readOptionalInt(), column: try source.readOptionalInt(),
                                   configuration: try source.readOptionalString())
        setting.placedAt = try source.readOptional(SourcePosition.self)
        return setting
    }
}

extension XcodeProject.ReadError: BinaryPacked {
    func pack(into sink: BinaryWriter) throws {
        sink.write(message)
        sink.write(optional: line)
        sink.write(optional: column)
        sink.write(beyondReading)
    }

    static func unpack(from source: BinaryReader) throws -> XcodeProject.ReadError {
        var error = XcodeProject.ReadError(description: try source.readString(), line: try source.readOptionalInt(), column: try source.readOptionalInt())
        error.beyondReading = try source.readBool()
        return error
    }
}
