/// One option a rule takes in `.catalint.yml`, described for the rule's page: its key, what a value
/// of it is, and what it does, from the table of the rule's knowledge (`KnowledgeShape`), as the
/// configuration schema is.
public struct RuleOption: Sendable, Equatable {
    public var key: String
    /// What a value is, in words: "a list of names, or mappings with `name`, `replacement`".
    public var takes: String
    public var description: String
}

extension RuleDefinition {
    /// The options the rule takes besides `severity`, in the order of its knowledge's table; none for
    /// catalint's own rules about its inputs, which have no logic.
    public var options: [RuleOption] {
        guard let logic = RuleRegistry.logic[id] else { return [] }
        var definitions = SchemaDefinitions()
        let schemas = type(of: logic).optionSchemas(in: &definitions)
        return schemas.map { key, schema in
            RuleOption(key: key, takes: RuleOption.describe(schema, definitions.members, plural: false), description: schema["description"]?.stringValue ?? "")
        }
    }
}

extension RuleOption {
    /// What a value of `schema` is, in words: `a number of 0 or more`, `names, or mappings with ...`.
    fileprivate static func describe(_ schema: JSONValue, _ definitions: [JSONValue.Member], plural: Bool) -> String {
        if case .string(let reference)? = schema["$ref"] {
            let name = reference.split(separator: "/").last.map(String.init) ?? reference
            guard let definition = definitions.first(where: { $0.key == name })?.value else { return plural ? "mappings" : "a mapping" }
            return describe(definition, definitions, plural: plural)
        }
        if case .array(let parts)? = schema["allOf"], let first = parts.first { return describe(first, definitions, plural: plural) }
        if case .array(let choices)? = schema["oneOf"], choices.count == 2, choices[0]["type"]?.stringValue == "string" {
            // A shorthand: the name alone stands for the mapping.
            return (plural ? "names, or " : "a name, or ") + describe(choices[1], definitions, plural: plural)
        }
        if case .array(let values)? = schema["enum"] {
            return "one of " + values.compactMap(\.stringValue).map { "`\($0)`" }.joined(separator: ", ")
        }
        switch schema["type"]?.stringValue {
        case "array":
            return "a list of " + (schema["items"].map { describe($0, definitions, plural: true) } ?? "values")
        case "object":
            guard case .object(let properties)? = schema["properties"] else { return plural ? "mappings" : "a mapping" }
            return (plural ? "mappings with " : "a mapping with ") + properties.map { "`\($0.key)`" }.joined(separator: ", ")
        case "string":
            return plural ? "strings" : "a string"
        case "boolean":
            return "true or false"
        case "number":
            var words = plural ? "numbers" : "a number"
            if let minimum = schema["minimum"]?.numberValue { words += " of \(shownNumber(minimum)) or more" }
            if let minimum = schema["exclusiveMinimum"]?.numberValue { words += " above \(shownNumber(minimum))" }
            return words
        default:
            return plural ? "values" : "a value"
        }
    }

}

private extension JSONValue {
    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var numberValue: Double? {
        switch self {
        case .number(let value): return value
        case .integer(let value): return Double(value)
        default: return nil
        }
    }
}
