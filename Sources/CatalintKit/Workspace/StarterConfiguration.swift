/// The commented `.catalint.yml` that `catalint init` writes. As written it sets nothing, so every
/// default (the idiom detected at each run, each rule's severity, `--idiom pad` lowering the rules
/// about exceptions to notes) stays in force; every example in it can be uncommented as it stands,
/// all at once, without a duplicate key.
public enum StarterConfiguration {
    public static func text(detected: IdiomDetection.Decision) -> String {
        var text = """
        # catalint configuration. Every key is optional: as written, this file sets nothing and
        # catalint uses its defaults. Uncomment what you want to change; an unknown key or rule id
        # is an error. Schema for editors: docs/config.schema.json in the catalint repository.

        # The idiom the app uses on the Mac: mac ("Optimize Interface for Mac"), pad ("Scale
        # Interface to Match iPad"), or auto, the default: read TARGETED_DEVICE_FAMILY and
        # SUPPORTS_MACCATALYST at each run from the Xcode project (or XcodeGen project.yml) that
        # compiles the linted files. When this file was written, auto found \(detected.idiom.rawValue): \(detected.reason).
        # idiom: auto

        # Globs, relative to this file. Files found in folders must match `included` when it is
        # given; `excluded` applies to every file, also to files named on the command line.
        # included:
        #   - Sources
        # excluded:
        #   - "**/Generated/**"

        # With a project (an .xcodeproj, project.yml or Package.swift), Swift files that no target
        # compiles and storyboards or xibs that none copies (test sources, files left out of the
        # project) are not linted; true lints them too, as --include-unbuilt does for one run.
        # include_unbuilt: false

        # YAML interface descriptions named otherwise than *.interface.yml / *.interface.yaml.
        # interface_files:
        #   - "Screens/**/*.yml"

        # Every rule with its default severity: off, note, warning or error. A rule also takes a
        # mapping with `severity` and its options, whose lists extend catalint's defaults (as
        # unavailable-control below). `catalint rules ID` explains a rule.
        # rules:

        """
        for rule in RuleCatalog.all where rule.id != "unavailable-control" {
            text += "#   \(rule.id): \(rule.severity.rawValue)" + (rule.optIn ? "   # opt-in: off until given a level" : "") + "\n"
        }
        text += """
        #   unavailable-control:
        #     severity: error
        #     classes:  # e.g. a subclass of UIPickerView from a binary framework catalint cannot read
        #       - {name: CountryPickerView, replacement: a pop-up button with a menu}

        # Levels per folder; later entries win. Overrides take levels only, not options.
        # overrides:
        #   - paths: ["Tests/**"]
        #     rules:
        #       hard-coded-size: off

        """
        return text
    }
}
