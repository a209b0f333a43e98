/// `private-mac-idiom-api`: private UIKit methods that lift the Mac idiom's limits, called or named
/// in a selector string, in code built for Mac Catalyst.
struct PrivateMacIdiomAPIRule: RuleLogic {
    static let id = "private-mac-idiom-api"

    func findings(in facts: UIFacts, knowledge: ReferenceKnowledge) -> [Finding] {
        references(in: facts, knowledge: knowledge, runs: { $0.runsOnMac }).map { reference, entry in
            Finding(position: reference.position, values: ["replacement": entry.replacement], phrases: [
                "subject": reference.inString
                    ? .named("string", ["string": .text(reference.spelling), "name": .text(entry.name)])
                    : .named("name", ["name": .text(entry.name)]),
            ])
        }
    }
}
