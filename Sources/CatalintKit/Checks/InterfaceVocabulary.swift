/// What the interface front ends need to know of the rules' properties to lower a file: which
/// properties take a value per control state, and how Interface Builder spells setting each. It is
/// gathered from every rule's knowledge (and the user's options), so that a new property or
/// attribute is one edit in `Rules/`, not a change to a front end.
struct InterfaceVocabulary: Sendable, Hashable {
    /// Properties with a value per control state (`title`, `thumbImage`).
    var stateProperties: Set<String> = []
    /// `<state title="...">`: attribute -> property.
    var stateAttributes: [String: String] = [:]
    /// `<state><color key="titleColor">`: key -> property.
    var stateElements: [String: String] = [:]
    /// `<slider minValueImage="...">`: attribute -> property.
    var attributes: [String: String] = [:]
    /// `<color key="thumbTintColor">` in a control: key -> property.
    var colors: [String: String] = [:]
    /// Every class a rule names, so an Interface Builder element such as `<pickerView>` is known as
    /// `UIPickerView` once a rule (or an option) names that class.
    var classes: Set<String> = []

    /// The vocabulary of these rules' knowledge, each extended by `options[rule id]`.
    init(rules: [RuleDefinition], options: [String: any RuleKnowledge] = [:]) {
        for rule in rules {
            var knowledge: [any RuleKnowledge] = rule.uikit.map { [$0] } ?? []
            if let extra = options[rule.id] { knowledge.append(extra) }
            for part in knowledge {
                if let creation = part as? ControlCreationKnowledge { classes.formUnion(creation.classes.map(\.name)) }
                guard let setting = part as? ControlSettingKnowledge else { continue }
                classes.formUnion(setting.classes.map(\.name))
                for property in setting.properties {
                    if property.state { stateProperties.insert(property.name) }
                    guard let spelling = property.interfaceBuilder else { continue }
                    if let name = spelling.stateAttribute { stateAttributes[name] = property.name }
                    if let name = spelling.stateElement { stateElements[name] = property.name }
                    if let name = spelling.attribute { attributes[name] = property.name }
                    if let name = spelling.color { colors[name] = property.name }
                }
            }
        }
    }

    /// The vocabulary of the built-in rules, with no options.
    static let standard = InterfaceVocabulary(rules: RuleCatalog.all)
}
