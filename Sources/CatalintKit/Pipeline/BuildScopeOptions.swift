extension LintOptions {
    /// True when the file at `path` is linted: no project says no target builds it, or unbuilt
    /// files are linted too (`--include-unbuilt`).
    public func admits(_ path: String) -> Bool {
        membership?.admits(path) ?? true
    }

    /// The idiom the file at `path` is judged in for `rule`, or nil when the rule cannot apply to it:
    /// its targets' idiom on the Mac (the run's `idiom` when no project decides); for a file whose
    /// targets never run in the Mac idiom, only the rules of crashes that happen on iPad too (and
    /// catalint's own, about reading the file) apply, in the pad idiom; for a file of another
    /// platform than iOS, none.
    public func idiom(of rule: RuleDefinition, at path: String) -> Idiom? {
        switch membership?.judgement(of: path)?.scope {
        case nil:
            return idiom
        case .onMac(let own)?:
            return own ?? idiom
        case .neverOnMac?:
            return rule.breaksIn == .anywhere ? .pad : nil
        case .notIOS?:
            return nil
        }
    }
}
