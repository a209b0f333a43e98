import Foundation
import XCTest
@testable import CatalintKit

/// `docs/interface.schema.json` agrees with the front end, and the sample interface files validate against it.
final class InterfaceSchemaTests: XCTestCase {
    private func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: packageRoot.appendingPathComponent("docs/interface.schema.json"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testSchemaNamesMatchTheFrontEnd() throws {
        let definitions = try XCTUnwrap(try schema()["definitions"] as? [String: Any])
        let view = try XCTUnwrap(definitions["view"] as? [String: Any])
        let properties = try XCTUnwrap(view["properties"] as? [String: Any])
        let stateKeys = properties.filter { (($0.value as? [String: Any])?["$ref"] as? String) == "#/definitions/stateValue" }.keys
        XCTAssertEqual(Set(stateKeys), LoweringVocabulary.standard.stateProperties)
        let idioms = ((properties["idioms"] as? [String: Any])?["items"] as? [String: Any])?["enum"] as? [String]
        XCTAssertEqual(idioms, InterfaceFileLowering.idiomNames)
        let styles = (properties["preferredBehavioralStyle"] as? [String: Any])?["enum"] as? [String]
        XCTAssertEqual(styles, InterfaceFileLowering.behavioralStyles)
        let stateValue = try XCTUnwrap(definitions["stateValue"] as? [String: Any])
        let mapping = try XCTUnwrap((stateValue["oneOf"] as? [[String: Any]])?.last)
        XCTAssertEqual((mapping["propertyNames"] as? [String: Any])?["enum"] as? [String], InterfaceFileLowering.stateNames)
        XCTAssertEqual(Set((try schema()["properties"] as? [String: Any])?.keys.map { $0 } ?? []), Set(InterfaceFileLowering.topLevelKeys))
    }

    /// Runs Python's `jsonschema` (CI installs it; elsewhere the test is skipped without it) over
    /// every sample interface file, and over a broken one that must fail.
    func testSampleInterfaceFilesValidateAgainstTheSchema() throws {
        let samples = try FileManager.default.subpathsOfDirectory(atPath: packageRoot.appendingPathComponent("samples").path)
            .filter { InputKind(path: $0) == .interfaceDescription }
            .map { packageRoot.appendingPathComponent("samples").appendingPathComponent($0).path }
        XCTAssertFalse(samples.isEmpty)
        let directory = try temporaryDirectory(self)
        let broken = directory.appendingPathComponent("Broken.interface.yml")
        try write("interface: X\nviews:\n  - class: UIButton\n    image: {hilighted: x}\n", to: broken)
        let text = try validateWithJSONSchema(packageRoot.appendingPathComponent("docs/interface.schema.json"), files: samples + [broken.path])
        for sample in samples {
            XCTAssertTrue(text.contains("VALID \(sample)") && !text.contains("INVALID \(sample)"), text)
        }
        XCTAssertTrue(text.contains("INVALID \(broken.path)"), text)
    }
}

/// `docs/config.schema.json` agrees with the configuration loader, and `catalint init`'s starter
/// file validates against it.
final class ConfigurationSchemaTests: XCTestCase {
    private func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: packageRoot.appendingPathComponent("docs/config.schema.json"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testSchemaNamesMatchTheLoader() throws {
        let schema = try schema()
        XCTAssertEqual(Set((schema["properties"] as? [String: Any])?.keys.map { $0 } ?? []), Set(ConfigurationLoader.topLevelKeys))
        let rules = try XCTUnwrap(((schema["definitions"] as? [String: Any])?["rules"] as? [String: Any])?["properties"] as? [String: Any])
        XCTAssertEqual(Set(rules.keys), Set(RuleCatalog.all.map(\.id)))
        for rule in RuleCatalog.all {
            let choices = try XCTUnwrap((rules[rule.id] as? [String: Any])?["oneOf"] as? [[String: Any]])
            let options = try XCTUnwrap(choices.last?["properties"] as? [String: Any])
            XCTAssertEqual(Set(options.keys), Set(["severity"] + (RuleRegistry.logic[rule.id].map { type(of: $0).optionNames } ?? [])), rule.id)
        }
    }

    func testStarterConfigurationValidates() throws {
        let directory = try temporaryDirectory(self)
        let starter = directory.appendingPathComponent("starter.yml")
        try write(StarterConfiguration.text(detected: IdiomDetection.detect(for: [directory.path])), to: starter)
        let broken = directory.appendingPathComponent("broken.yml")
        try write("idiom: ipad\nrules:\n  hard-coded-size: {dimension: []}\n", to: broken)
        let text = try validateWithJSONSchema(packageRoot.appendingPathComponent("docs/config.schema.json"), files: [starter.path, broken.path])
        XCTAssertTrue(text.contains("VALID \(starter.path)") && !text.contains("INVALID \(starter.path)"), text)
        XCTAssertTrue(text.contains("INVALID \(broken.path)"), text)
    }
}

/// Validates YAML files (every document of each) against a JSON Schema with Python's `jsonschema`,
/// printing `VALID path` or `INVALID path` and the errors. CI installs the tools; elsewhere the
/// test is skipped without them.
func validateWithJSONSchema(_ schema: URL, files: [String]) throws -> String {
    let script = """
    import json, sys
    try:
        import jsonschema, yaml
    except ImportError:
        sys.exit(77)
    schema = json.load(open(sys.argv[1]))
    jsonschema.Draft7Validator.check_schema(schema)
    for path in sys.argv[2:]:
        errors = [e for document in yaml.safe_load_all(open(path)) for e in jsonschema.Draft7Validator(schema).iter_errors(document)]
        print(("INVALID " if errors else "VALID ") + path + "".join("\\n  " + e.message for e in errors))
    """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, schema.path] + files
    let output = Pipe()
    process.standardOutput = output
    do { try process.run() } catch { throw XCTSkip("python3 is not available") }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    if process.terminationStatus == 77 {
        if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("CI must install jsonschema and PyYAML") }
        throw XCTSkip("Python's jsonschema and PyYAML are not installed")
    }
    XCTAssertEqual(process.terminationStatus, 0, text)
    return text
}

/// The schemas in docs/ are generated (`catalint schema config`, `catalint schema interface`) from
/// the declarations they describe, and never edited by hand.
final class GeneratedSchemaTests: XCTestCase {
    func testTheSchemasInDocsAreTheGeneratedOnes() throws {
        for (file, kind, generated) in [("docs/config.schema.json", "config", Schemas.configuration),
                                        ("docs/interface.schema.json", "interface", Schemas.interface)] {
            let onDisk = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
            XCTAssertTrue(onDisk == generated, "\(file) is out of date: run `swift run catalint schema \(kind) > \(file)`")
        }
    }

    func testTheSchemaCommandPrintsThem() throws {
        let directory = try temporaryDirectory(self)
        let config = try runCatalint(["schema", "config"], in: directory)
        XCTAssertEqual(config.status, 0, config.stderr)
        XCTAssertTrue(config.stdout == Schemas.configuration)
        let interface = try runCatalint(["schema", "interface"], in: directory)
        XCTAssertTrue(interface.stdout == Schemas.interface)
        XCTAssertEqual(try runCatalint(["schema", "rules"], in: directory).status, 2)
    }

    /// Every option of a rule extends its knowledge: a list, or a single value that replaces.
    func testEveryKnowledgeFieldIsAnOption() {
        func check<Kind: KnowledgeKind>(_ kind: Kind.Type) {
            for field in Kind.fields {
                XCTAssertTrue(field.isOption, "\(Kind.self).\(field.key) is required or has a default: options could not extend it")
            }
        }
        for logic in RuleRegistry.logic.values {
            func visit<Logic: RuleLogic>(_ logic: Logic) { check(Logic.Knowledge.self) }
            visit(logic)
        }
    }
}
