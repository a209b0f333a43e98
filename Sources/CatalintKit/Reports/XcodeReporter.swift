/// `path:line:col: error|warning|note: message [rule-id]`, one diagnostic a line: the format Xcode's
/// build log and editors' error formats read. The column counts UTF-8 bytes, as compilers do.
public struct XcodeReporter: Reporter {
    public init() {}

    public func report(_ result: LintResult) -> String {
        result.diagnostics.map { diagnostic in
            "\(diagnostic.position.byteDescription): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule)]\n"
        }.joined()
    }
}
