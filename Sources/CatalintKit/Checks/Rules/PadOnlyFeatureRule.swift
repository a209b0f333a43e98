/// `pad-only-feature`: a feature turned on by a decision on the idiom where the Mac idiom takes the
/// iPhone's way and not the iPad's, and the branches the Mac takes turn on none: the Mac loses the
/// feature. Decisions that choose geometry are `idiom-layout-decision`'s.
struct PadOnlyFeatureRule: RuleLogic {
    static let id = "pad-only-feature"

    func findings(in facts: UIFacts, knowledge: FeatureDecisionKnowledge) -> [Finding] {
        facts.idiomDecisions.compactMap { decision in
            guard decision.guardContext.runsInMacIdiom, decision.consequences.isEmpty,
                  let mac = decision.routes[.mac], let phone = decision.routes[.phone], let pad = decision.routes[.pad],
                  mac == phone, mac != pad, decision.branchFeatures.count == decision.branches.count else { return nil }
            let macBranches = Set(mac.map(\.branch))
            guard !macBranches.contains(where: { decision.branchFeatures[$0] != nil }),
                  let lost = pad.map(\.branch).filter({ !macBranches.contains($0) }).lazy.compactMap({ decision.branchFeatures[$0] }).first else { return nil }
            let taken = mac.map { Phrase.text(decision.branches[$0.branch]) }
            let helpers = decision.helpers.map { helper in
                Phrase.named("helper", ["name": .text(helper.name), "path": .text(helper.position.path), "line": .text(String(helper.position.line))])
            }
            return Finding(position: decision.position, values: ["spelling": decision.spelling, "feature": lost], phrases: [
                "branch": taken.count == 1 ? taken[0] : .named("same_branches", ["branches": .list(taken, separator: .named("comma"))]),
                "helper": helpers.isEmpty ? .text("") : .named("through", ["helpers": .list(helpers, separator: .named("and"))]),
            ])
        }
    }
}
