/// `scene-life-cycle`: an app that has not adopted the scene-based life cycle: no scene manifest in
/// an Info.plist of it, or a manifest with no configuration while its app delegate gives none in
/// code. SwiftUI apps (an `App` entry point), extensions and test hosts are left out. Reported once
/// per app: at its app delegate, else at the Info.plist that lacks the manifest.
struct SceneLifeCycleRule: RuleLogic {
    static let id = "scene-life-cycle"

    func findings(in facts: UIFacts, knowledge: SceneLifeCycleKnowledge) -> [Finding] {
        guard let manifest = knowledge.manifest else { return [] }
        var findings: [Finding] = []
        // Only a target whose files are all read: an app delegate or a SwiftUI app not seen may be there.
        for target in facts.targets where target.isApplication && target.declarationsComplete {
            if camelCaseWords(target.name).contains(where: knowledge.testHostWords.contains) { continue }
            let own = facts.declarations.filter { target.sources.contains($0.position.path) }.sorted { $0.position < $1.position }
            let byName = Dictionary(grouping: own, by: \.name)
            // What a type inherits and implements, over its declarations, extensions and superclasses.
            func inherited(_ type: TypeDeclarationFact) -> Set<String> {
                let chain = [type.name] + type.superclasses
                return Set(chain.dropFirst() + chain.flatMap { byName[$0]?.flatMap(\.inherits) ?? [] })
            }
            func implemented(_ type: TypeDeclarationFact) -> Set<String> {
                Set(([type.name] + type.superclasses).flatMap { byName[$0]?.flatMap(\.members) ?? [] })
            }
            let entries = own.filter { !Set($0.attributes).isDisjoint(with: knowledge.entryAttributes) }
            if entries.contains(where: { !inherited($0).isDisjoint(with: knowledge.sceneApps) }) { continue }
            // The app delegate: the entry point's type when it is one, else a type that conforms.
            let delegates = own.filter { !inherited($0).isDisjoint(with: knowledge.delegates) }
            let delegate = delegates.first { !$0.attributes.isEmpty } ?? delegates.first { !$0.isExtension } ?? delegates.first
            let sceneDelegate = own.first { !$0.isExtension && !inherited($0).isDisjoint(with: knowledge.sceneDelegates) }

            // The Info.plist files read (each has its top entry), and whether each has the manifest.
            let read = target.infoPlists.filter { file in target.entries.contains { $0.keyPath.isEmpty && $0.position.path == file } }
            let generated = target.entries.contains { $0.keyPath == [manifest] && !target.infoPlists.contains($0.position.path) }
            guard !read.isEmpty || (target.infoPlists.isEmpty && target.generatesInfoPlist) else { continue }
            let lacking = read.filter { file in !generated && !target.entries.contains { $0.keyPath == [manifest] && $0.position.path == file } }
            var reason: Phrase
            var position: SourcePosition
            if !lacking.isEmpty || (read.isEmpty && !generated) {
                reason = .named("no_manifest", ["manifest": .text(manifest)])
                guard let place = delegate?.position ?? lacking.first.flatMap({ file in
                    target.entries.first { $0.keyPath.isEmpty && $0.position.path == file }?.position
                }) else { continue }
                position = place
            } else {
                // A manifest everywhere: it must name a configuration, or the app delegate give one.
                let configured = target.entries.contains { entry in
                    entry.keyPath.count == 4 && entry.keyPath[0] == manifest && entry.keyPath[1] == knowledge.configurations
                }
                guard !configured, let delegate, implemented(delegate).isDisjoint(with: knowledge.configurationMethods) else { continue }
                reason = .named("no_configuration", ["manifest": .text(manifest), "delegate": .text(delegate.name),
                                                     "method": .text(knowledge.configurationMethods.first ?? "")])
                position = delegate.position
            }
            findings.append(Finding(position: position, values: ["target": target.name, "manifest": manifest], phrases: [
                "reason": reason,
                "scene_delegate": sceneDelegate.map { .named("existing_scene_delegate", ["name": .text($0.name)]) } ?? .named("new_scene_delegate"),
            ]))
        }
        return findings
    }
}
